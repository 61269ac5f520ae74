import type { TabData } from "../tabs.server";
import { Cell, Table } from "../ui";
import { formatDayTimeIn } from "~/lib/dates";
import { useViewerZone } from "~/lib/useShellUser";

export function AuditTab({ data }: { data: TabData<"audit"> }) {
  const zone = useViewerZone();
  return (
    <Table head={["When", "Admin", "Action", "Record"]} empty="No administrator actions yet">
      {data.entries.map((e) => (
        <tr key={e.id}>
          <Cell>{formatDayTimeIn(e.createdAt, zone)}</Cell>
          <Cell>{e.adminName}</Cell>
          <Cell>{e.actionLabel}</Cell>
          <Cell wide>{e.targetName}</Cell>
        </tr>
      ))}
    </Table>
  );
}
