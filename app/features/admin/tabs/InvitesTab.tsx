import type { TabData } from "../tabs.server";
import { Cell, EmailText, person, Table } from "../ui";

export function InvitesTab({ data }: { data: TabData<"invites"> }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-gray-700">
        Shares are invite links a rider created; sign-ups are accounts registered through them, including accounts deleted since. The success rate is sign-ups
        per share.
      </p>
      <Table head={["User", "Email", "Shares", "Signups", "Success rate"]} empty="No invitations yet">
        {data.stats.map((s) => (
          <tr key={s.userId}>
            <Cell>{person(s)}</Cell>
            <Cell>
              <EmailText email={s.email} />
            </Cell>
            <Cell>{s.totalShares}</Cell>
            <Cell>{s.totalSignups}</Cell>
            <Cell>{s.successRate}%</Cell>
          </tr>
        ))}
      </Table>
    </div>
  );
}
