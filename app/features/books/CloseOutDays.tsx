import { Form } from "@remix-run/react";
import { formatDateRange } from "~/features/events/format";
import { formatCents } from "~/features/raceday/time";
import { MoneyTable } from "./MoneyTable";
import type { TakerCloseOut } from "./ledger";

type Day = {
  day: string;
  byTaker: TakerCloseOut[];
  cashCents: number;
  checksCents: number;
  cardCents: number;
  onlineCents: number;
  compsCents: number;
  refundsCents: number;
  records: number;
  closed: boolean;
  closedAt: string | null;
  closedByName: string | null;
  history: { closedAt: string; closedByName: string; reopenedAt: string | null; reopenReason: string | null }[];
};

/** The close-out of each day the office took money, by who took it, with its Close form and its history of closes and reopenings. */
export function CloseOutDays({
  days,
  checksToWriteCents,
  producerShareCents,
  refused,
}: {
  days: Day[];
  checksToWriteCents: number;
  producerShareCents: number;
  refused: { day: string; message: string } | null;
}) {
  return (
    <section aria-labelledby="days-title" className="card print:border-0 print:p-0" data-testid="close-out-days">
      <h3 id="days-title" className="text-lg font-bold text-gray-900">
        Close-out by day
      </h3>
      <p className="text-sm text-gray-700">
        Each person counts their own box. Checks to write to winners: {formatCents(checksToWriteCents)} · producer&apos;s share: {formatCents(producerShareCents)}.
      </p>
      {days.length === 0 ? <p className="mt-2 text-gray-700">No money recorded yet.</p> : null}
      {days.map((d) => (
        <div key={d.day} className="mt-4 break-inside-avoid" data-testid="close-out-day">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h4 className="font-semibold text-gray-900">
              {d.day === "" ? "Day not known" : formatDateRange(d.day)}{" "}
              <span className={`ml-1 rounded px-1.5 py-0.5 text-xs ${d.closed ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}>{d.closed ? `Closed by ${d.closedByName || "the office"}` : "Open"}</span>
            </h4>
            {!d.closed ? (
              <Form method="post" className="print-hidden">
                <input type="hidden" name="intent" value="close-day" />
                <input type="hidden" name="day" value={d.day} />
                <button type="submit" className="btn-secondary">
                  Close {formatDateRange(d.day)}
                </button>
              </Form>
            ) : null}
          </div>
          {refused?.day === d.day ? (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {refused.message}
            </p>
          ) : null}
          <MoneyTable
            caption={`Close-out of ${d.day} by who took the money`}
            testId="close-out-takers"
            rows={d.byTaker}
            rowKey={(t) => `${t.takenBy ?? ""}:${t.takenByName}`}
            total="Day"
            columns={[
              { key: "who", label: "Taken by", text: (t) => t.takenByName || "Carried in" },
              { key: "cash", label: "Cash", cents: (t) => t.cashCents },
              { key: "checks", label: "Checks", cents: (t) => t.checksCents },
              { key: "card", label: "Card", cents: (t) => t.cardCents },
              { key: "online", label: "Online", cents: (t) => t.onlineCents },
              // Money recorded without how it was paid (carried in from before the ledger) is counted, not lost.
              ...(d.byTaker.some((t) => t.notSaidCents !== 0) ? [{ key: "not-said", label: "Not said", cents: (t: TakerCloseOut) => t.notSaidCents }] : []),
              { key: "comps", label: "Comps", cents: (t) => t.compsCents },
              { key: "refunds", label: "Refunds paid", cents: (t) => t.refundsCents },
            ]}
          />
          {d.history.some((h) => h.reopenedAt) ? (
            <ul className="mt-1 text-xs text-gray-700">
              {d.history
                .filter((h) => h.reopenedAt)
                .map((h) => (
                  <li key={h.closedAt}>
                    Closed by {h.closedByName || "the office"}, reopened: {h.reopenReason}
                  </li>
                ))}
            </ul>
          ) : null}
          <div className="mt-4 hidden grid-cols-2 gap-x-6 gap-y-8 text-sm print:grid">
            {["Counted by", "Signed"].map((who) => (
              <div key={who} className="border-t border-gray-900 pt-1 text-gray-700">
                {who}
              </div>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}
