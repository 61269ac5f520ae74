import type { Db } from "~/lib/db.server";
import { payeeTotals, taxFormDue } from "./books";
import { csvDollars, toCsv } from "./csv";
import { withJoinedPayees } from "./payeeLinks.server";
import { winnings } from "./payees.server";
import { booksSettings } from "./settings.server";

/*
 * A year's winnings per payee, for the association's tax forms: every
 * placing that pays in published results of the events dated in that year
 * (by the event's first day), summed per payee, marked where the total
 * reaches the yearly amount of a tax form; a walk-up the office joined to an
 * account counts as that account. Administrators only (the route
 * says so); docs/race-day.md, "A year's winnings".
 */

export function yearWinnings(db: Db, year: number) {
  const { taxFormThresholdCents } = booksSettings(db);
  // A walk-up joined to an account counts in that account's year (payeeLinks.server.ts).
  const payees = payeeTotals(withJoinedPayees(db, winnings(db, { year })))
    .map((p) => {
      const first = p.lines[0]!;
      return {
        payeeKey: p.payeeKey,
        payeeName: p.payeeName,
        walkUp: first.walkUp,
        email: first.email,
        /** The walk-up names joined into this account's year. */
        joined: [...new Set(p.lines.flatMap((l) => (l.joinedFrom ? [l.joinedFrom] : [])))],
        events: new Set(p.lines.map((l) => l.eventId)).size,
        placings: p.lines.length,
        totalCents: p.totalCents,
        taxFormDue: taxFormDue(p.totalCents, taxFormThresholdCents),
      };
    })
    .sort((a, b) => b.totalCents - a.totalCents || a.payeeName.localeCompare(b.payeeName));
  return {
    year,
    taxFormThresholdCents,
    payees,
    totalCents: payees.reduce((sum, p) => sum + p.totalCents, 0),
    taxFormsDue: payees.filter((p) => p.taxFormDue).length,
  };
}
export type YearWinnings = ReturnType<typeof yearWinnings>;

export function winningsCsv(report: YearWinnings) {
  const rows: (string | number | null)[][] = [["Payee", "Walk-up", "Email", "Also paid as", "Events", "Placings", "Total", `Tax form due (${csvDollars(report.taxFormThresholdCents)} or more)`]];
  for (const p of report.payees) rows.push([p.payeeName, p.walkUp ? "Yes" : "No", p.email, p.joined.join("; "), p.events, p.placings, csvDollars(p.totalCents), p.taxFormDue ? "Yes" : "No"]);
  return toCsv(rows);
}
