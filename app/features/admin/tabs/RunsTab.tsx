import { ConfirmAction } from "~/components/ConfirmAction";
import type { TabData } from "../tabs.server";
import { Cell, DateCell, person, Table } from "../ui";

export function RunsTab({ data }: { data: TabData<"runs"> }) {
  return (
    <Table head={["Rider", "Arena", "Time", "Notes", "Date", "Actions"]} empty="No public run logs">
      {data.runs.map((r) => (
        <tr key={r.id}>
          <Cell>
            {person(r.user)}
            <br />
            <span className="text-gray-600">{r.user.email}</span>
          </Cell>
          <Cell>{r.arenaName}</Cell>
          <Cell>{r.time ?? "—"}</Cell>
          <Cell wide>
            <span className="line-clamp-2">{r.notes}</span>
            {r.videoUrl ? (
              <a className="link" href={r.videoUrl} target="_blank" rel="noreferrer">
                Video
              </a>
            ) : null}
          </Cell>
          <DateCell value={r.runAt} />
          <Cell wide>
            <ConfirmAction
              label="Delete"
              name={`Delete ${person(r.user)}'s run at ${r.arenaName}`}
              size="compact"
              question={`Delete ${person(r.user)}'s run at ${r.arenaName} for good? Its video goes too.`}
              hidden={{ intent: "delete-run", runId: r.id }}
            />
          </Cell>
        </tr>
      ))}
    </Table>
  );
}
