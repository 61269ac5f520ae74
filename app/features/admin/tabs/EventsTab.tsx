import { ConfirmAction } from "~/components/ConfirmAction";
import type { TabData } from "../tabs.server";
import { ActionButton, Cell, Pager, PersonCell, Status, Table, TabSearch } from "../ui";

/** Every event, or those whose name holds the search, newest first, 50 a page: approve, edit or delete any of them. */
export function EventsTab({ data, search }: { data: TabData<"events">; search: URLSearchParams }) {
  return (
    <div className="space-y-3">
      <TabSearch tab="events" q={data.q} label="Search events by name" placeholder="Event name" />
      <p className="text-sm text-gray-700">Events without a showbill file wait here as Pending until approved.</p>
      <div className="max-h-[500px] overflow-y-auto" data-testid="event-moderation-panel">
        <Table head={["Event", "Date", "Creator", "Status", "Actions"]} empty={data.q ? `No events named like “${data.q}”` : "No events yet"}>
          {data.events.map((e) => (
            <tr key={e.id}>
              <Cell>
                <a data-discover className="link" href={`/share/event/${e.id}`}>
                  {e.name}
                </a>
                <br />
                <span className="text-gray-600">{e.location}</span>
              </Cell>
              <Cell nowrap>{e.date}</Cell>
              <PersonCell who={e.creator} />
              <Cell>
                <Status ok={e.showbillApproved} yes="Approved" no={e.showbillReviewedAt ? "Rejected" : "Pending"} />
                {e.status !== "SCHEDULED" ? <span className="mt-1 block font-semibold text-red-800">{e.status === "CANCELLED" ? "Cancelled" : "Postponed"}</span> : null}
              </Cell>
              <Cell wide>
                <div className="flex flex-wrap items-start gap-2">
                  {!e.showbillApproved ? <ActionButton tone="good" label="Approve" name={`Approve ${e.name}`} hidden={{ intent: "showbill", eventId: e.id, approved: "true" }} /> : null}
                  <a data-discover href={`/events/${e.id}/edit`} className="btn-secondary px-3 py-1 text-sm" aria-label={`Edit ${e.name}`}>
                    Edit
                  </a>
                  <ConfirmAction
                    label="Delete"
                    name={`Delete ${e.name}`}
                    size="compact"
                    question={`Delete “${e.name}” for good? Its showbill, saves and reports go too.`}
                    hidden={{ intent: "delete-event", eventId: e.id }}
                  />
                </div>
              </Cell>
            </tr>
          ))}
        </Table>
      </div>
      <Pager page={data.page} hasMore={data.hasMore} search={search} />
    </div>
  );
}
