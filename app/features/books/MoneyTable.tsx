import type { ReactNode } from "react";
import { formatCents } from "~/features/raceday/time";

/**
 * The one money table: a caption, text columns and cents columns (right
 * aligned, tabular figures, "–" for nothing), a total row when asked. The
 * close-out, the ledger's records and a rider's receipts lay money out with it,
 * so every amount reads the same on screen and on paper.
 */
export type MoneyColumn<R> = { key: string; label: string; cents?: (row: R) => number; text?: (row: R) => ReactNode; className?: string };

export function MoneyTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  total,
  testId,
  empty = "Nothing recorded.",
}: {
  caption: string;
  columns: MoneyColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  /** The label of a total row summing every cents column. */
  total?: string;
  testId?: string;
  empty?: string;
}) {
  if (rows.length === 0) return <p className="mt-1 text-sm text-gray-700">{empty}</p>;
  const cell = (c: MoneyColumn<R>) => `px-2 py-1.5 ${c.cents ? "text-right tabular-nums whitespace-nowrap" : "text-left"} ${c.className ?? ""}`;
  const money = (cents: number) => (cents === 0 ? "–" : formatCents(cents));
  return (
    // A region that may scroll sideways on a phone is reachable by keyboard, and named.
    <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full text-sm print:text-[9pt]" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="text-gray-700">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cell(c)}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} className="border-t border-gray-200">
              {columns.map((c) => (
                <td key={c.key} className={cell(c)}>
                  {c.cents ? money(c.cents(r)) : c.text?.(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {total ? (
          <tfoot>
            <tr className="border-t-2 border-gray-900 font-bold">
              {columns.map((c, i) => (
                <td key={c.key} className={cell(c)}>
                  {c.cents ? money(rows.reduce((s, r) => s + c.cents!(r), 0)) : i === 0 ? total : null}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
