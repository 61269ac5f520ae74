import { formatCents } from "~/features/raceday/time";
import { potVersusPaid } from "./books";

/**
 * The pot with what is paid after the producer's overrides beside it, and
 * the difference: "Pot $820.00 · Paid $821.44 ($1.44 over)". For every
 * screen that shows a pot, so a changed payout never hides behind the
 * pot's figure. Before any run places, the pot alone.
 */
export function PotPaid({ potCents, paidOutCents, className = "" }: { potCents: number; paidOutCents: number; className?: string }) {
  const p = potVersusPaid(potCents, paidOutCents);
  return (
    <span className={className} data-testid="pot-paid">
      Pot <strong className="tabular-nums">{formatCents(p.potCents)}</strong>
      {p.nothingPaid ? null : (
        <>
          {" · "}paid <strong className="tabular-nums">{formatCents(p.paidOutCents)}</strong>
          {p.matches ? null : (
            <span className={`ml-1 rounded px-1 font-semibold ${p.differenceCents > 0 ? "bg-amber-100 text-amber-900" : "bg-sky-100 text-sky-900"} print:border print:border-black print:bg-white print:text-black`}>
              {formatCents(Math.abs(p.differenceCents))} {p.differenceCents > 0 ? "over" : "under"} the pot
            </span>
          )}
        </>
      )}
    </span>
  );
}

/** The difference alone, for a table cell: "+$1.44", "–$2.00", or "" when they agree. */
export function differenceText(differenceCents: number) {
  if (differenceCents === 0) return "";
  return `${differenceCents > 0 ? "+" : "−"}${formatCents(Math.abs(differenceCents))}`;
}
