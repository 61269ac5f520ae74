import { ConfirmAction } from "~/components/ConfirmAction";
import type { TabData } from "../tabs.server";
import { Cell, DateCell, Pager, person, PersonCell, Table } from "../ui";

/** Every public run, newest first, 50 a page: any of them can be deleted. */
export function RunsTab({ data, search }: { data: TabData<"runs">; search: URLSearchParams }) {
  return (
    <div className="space-y-3">
      <Table head={["Rider", "Arena", "Time", "Notes", "Date", "Actions"]} empty="No public run logs">
        {data.runs.map((r) => (
          <tr key={r.id}>
            <PersonCell who={r.user} />
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
      <Pager page={data.page} hasMore={data.hasMore} search={search} />
    </div>
  );
}
