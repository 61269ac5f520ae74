import type { TabData } from "../tabs.server";
import { Cell, Table } from "../ui";

export function AuditTab({ data }: { data: TabData<"audit"> }) {
  return (
    <Table head={["When", "Admin", "Action", "Record"]} empty="No administrator actions yet">
      {data.entries.map((e) => (
        <tr key={e.id}>
          <Cell>{new Date(e.createdAt).toLocaleString("en-US")}</Cell>
          <Cell>{e.adminName}</Cell>
          <Cell>{e.actionLabel}</Cell>
          <Cell wide>{e.targetName}</Cell>
        </tr>
      ))}
    </Table>
  );
}
