import { EVENT_REPORT_LABELS } from "~/schemas/events";
import type { TabData } from "../tabs.server";
import { Cell, DateCell, person, Table } from "../ui";
import { ReasonCell, ReviewButtons, STATUS_LABELS } from "./reports";

const reasonLabel = (reason: string) => EVENT_REPORT_LABELS[reason as keyof typeof EVENT_REPORT_LABELS] ?? reason;

export function ReportedEventsTab({ data }: { data: TabData<"reported-events"> }) {
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-bold">Pending reports</h2>
      <Table head={["Event", "Reason", "Reporter", "Date", "Actions"]} empty="No pending event reports">
        {data.pending.map((r) => (
          <tr key={r.id}>
            <Cell>
              <a data-discover className="link" href={`/share/event/${r.eventId}`}>
                {r.event.name}
              </a>
              <br />
              <span className="text-gray-600">
                {r.event.date} · {r.event.location}
              </span>
            </Cell>
            <ReasonCell reason={reasonLabel(r.reason)} description={r.description} />
            <Cell>{person(r.reporter)}</Cell>
            <DateCell value={r.createdAt} />
            <Cell>
              <div className="flex flex-wrap gap-2">
                <ReviewButtons intent="review-event-report" reportId={r.id} />
              </div>
            </Cell>
          </tr>
        ))}
      </Table>
      <h2 className="text-lg font-bold">Processed</h2>
      <Table head={["Event", "Reason", "Status", "Reviewed"]} empty="No processed event reports">
        {data.processed.map((r) => (
          <tr key={r.id}>
            <Cell>{r.event.name}</Cell>
            <Cell>{reasonLabel(r.reason)}</Cell>
            <Cell>{STATUS_LABELS[r.status]}</Cell>
            <DateCell value={r.reviewedAt} />
          </tr>
        ))}
      </Table>
    </div>
  );
}
