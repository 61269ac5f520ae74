import { Form } from "@remix-run/react";
import { formatCents } from "~/features/raceday/time";
import { formatDayTimeIn } from "~/lib/dates";
import { useViewerZone } from "~/lib/useShellUser";
import { describeKind, methodLabel } from "./labels";
import { MoneyTable } from "./MoneyTable";
import type { MyReceipts } from "./ledger.server";


/** My Events' receipts: each entry's payments, when, how and to whom, and any refund; printed from the page or mailed to the rider. */
export function ReceiptsSection({ receipts, mailed }: { receipts: MyReceipts["receipts"]; mailed: boolean }) {
  const zone = useViewerZone();
  if (!receipts.length) return null;
  return (
    <section className="card space-y-3" aria-labelledby="my-receipts" data-testid="my-receipts">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-receipts" className="font-bold text-gray-900">
          Receipts
        </h2>
        {mailed ? (
          <p role="status" className="text-sm font-semibold text-green-800">
            Receipt mailed to you
          </p>
        ) : null}
      </div>
      {receipts.map((r) => (
        <article key={r.entryId} className="break-inside-avoid border-t border-gray-200 pt-2" data-testid="receipt">
          <h3 className="font-semibold text-gray-900">
            {r.eventName} · {r.className}
          </h3>
          <p className="text-sm text-gray-700">
            {r.horseName} · {r.riderName} · paid {formatCents(r.paidCents)}
            {r.refundedCents ? ` · refunded ${formatCents(r.refundedCents)}` : ""}
          </p>
          <MoneyTable
            caption={`Payments for ${r.horseName} in ${r.className}`}
            rows={r.records}
            rowKey={(x) => String(x.id)}
            columns={[
              { key: "what", label: "What", text: (x) => `${describeKind(x.kind)}${x.amountCents < 0 ? " (reversed)" : ""}${x.label ? `: ${x.label}` : ""}` },
              { key: "when", label: "When", text: (x) => formatDayTimeIn(x.recordedAt, zone) },
              { key: "how", label: "How", text: (x) => `${x.method ? methodLabel(x.method) : "Not said"}${x.reference ? ` ${x.reference}` : ""}` },
              { key: "who", label: "Taken by", text: (x) => x.takenByName || "The office" },
              { key: "amount", label: "Amount", cents: (x) => x.amountCents },
            ]}
          />
          <Form method="post" preventScrollReset className="print-hidden mt-1">
            <input type="hidden" name="intent" value="receipt-mail" />
            <input type="hidden" name="entryId" value={r.entryId} />
            <button type="submit" className="btn-secondary min-h-[44px]">
              Mail Me This Receipt
            </button>
          </Form>
        </article>
      ))}
      <p className="print-hidden text-xs text-gray-600">Print a receipt with your browser&apos;s Print: the page prints without its buttons.</p>
    </section>
  );
}
