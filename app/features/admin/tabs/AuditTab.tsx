import type { TabData } from "../tabs.server";
import { Cell, DateCell, Table } from "../ui";

export function AuditTab({ data }: { data: TabData<"audit"> }) {
  return (
    <Table head={["When", "Admin", "Action", "Record"]} empty="No administrator actions yet">
      {data.entries.map((e) => (
        <tr key={e.id}>
          <DateCell value={e.createdAt} withTime />
          <Cell>{e.adminName}</Cell>
          <Cell>{e.actionLabel}</Cell>
          <Cell wide>{e.targetName}</Cell>
        </tr>
      ))}
    </Table>
  );
}
