import { USER_REPORT_LABELS } from "~/schemas/social";
import type { TabData } from "../tabs.server";
import { Cell, DateCell, person, PersonCell, Table } from "../ui";
import { BanControl } from "./UsersTab";
import { ReasonCell, ReviewButtons, STATUS_LABELS } from "./reports";

const reasonLabel = (reason: string) => USER_REPORT_LABELS[reason as keyof typeof USER_REPORT_LABELS] ?? reason;

export function ReportedUsersTab({ data }: { data: TabData<"reported-users"> }) {
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-bold">Pending reports</h2>
      <Table head={["Reported user", "Reason", "Reporter", "Date", "Actions"]} empty="No pending user reports">
        {data.pending.map((r) => (
          <tr key={r.id}>
            <PersonCell who={r.reportedUser} />
            <ReasonCell reason={reasonLabel(r.reason)} description={r.description} />
            <Cell>{person(r.reporter)}</Cell>
            <DateCell value={r.createdAt} />
            <Cell wide>
              <div className="flex flex-wrap items-start gap-2">
                <ReviewButtons intent="review-user-report" reportId={r.id} />
                <BanControl user={{ id: r.reportedUserId, ...r.reportedUser }} />
              </div>
            </Cell>
          </tr>
        ))}
      </Table>
      <h2 className="text-lg font-bold">Recently processed (latest 5)</h2>
      <Table head={["Reported user", "Reason", "Status", "Reviewed"]} empty="No processed user reports">
        {data.processed.map((r) => (
          <tr key={r.id}>
            <Cell>{person(r.reportedUser)}</Cell>
            <Cell>{reasonLabel(r.reason)}</Cell>
            <Cell>{STATUS_LABELS[r.status]}</Cell>
            <DateCell value={r.reviewedAt} />
          </tr>
        ))}
      </Table>
    </div>
  );
}
