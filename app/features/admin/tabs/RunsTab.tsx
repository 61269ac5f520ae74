import { ConfirmAction } from "~/components/ConfirmAction";
import type { TabData } from "../tabs.server";
import { Cell, DateCell, Pager, person, PersonCell, Table, TabSearch } from "../ui";

/** Every public run, or a rider's (by the start of their email or name), newest first, 50 a page: any of them can be deleted. */
export function RunsTab({ data, search }: { data: TabData<"runs">; search: URLSearchParams }) {
  const empty = data.tooManyAbove
    ? `More than ${data.tooManyAbove} riders match “${data.q}”: type more of their email or name.`
    : data.q
      ? `No public runs of riders matching “${data.q}”`
      : "No public run logs";
  return (
    <div className="space-y-3">
      <TabSearch tab="runs" q={data.q} label="Search public runs by the rider's email or name" placeholder="Rider's email or name" />
      <Table head={["Rider", "Arena", "Time", "Notes", "Date", "Actions"]} empty={empty}>
        {data.runs.map((r) => (
          <tr key={r.id}>
            <PersonCell who={r.user} />
            <Cell>{r.arenaName}</Cell>
            <Cell nowrap>{r.time ?? "—"}</Cell>
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
