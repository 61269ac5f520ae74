/* Stand-in until branch `rules` lands its module of the same name (same signatures). */
import type { PayoutRule } from "#db/schema";
import { PENALTY_MS } from "./time";

export type Run = { entryId: string; outcome: "TIME" | "NT" | "SCRATCH"; timeMs: number | null; penalties: number };
export type ClassMoneyRules = { entryFeeCents: number; addedMoneyCents: number; producerSharePercent: number; divisions: number; splitMs: number[]; payout: PayoutRule };
export type ClassResults = {
  potCents: number;
  entryCount: number;
  divisions: { division: number; startMs: number | null; potCents: number; placesPaid: number; places: { entryId: string; totalMs: number; place: number; payoutCents: number }[] }[];
  unplaced: { entryId: string; outcome: "TIME" | "NT" | "SCRATCH" }[];
};

export function defaultPayout(divisions: number): PayoutRule {
  const base = [40, 30, 20, 10, 0, 0].slice(0, divisions);
  const sum = base.reduce((a, b) => a + b, 0) || 1;
  const pct = base.map((b) => Math.floor((b * 100) / sum));
  pct[0]! += 100 - pct.reduce((a, b) => a + b, 0);
  return { divisionPercents: pct, table: [{ maxEntries: 25, percents: [60, 40] }, { maxEntries: 50, percents: [40, 30, 20, 10] }, { maxEntries: 100000, percents: [30, 25, 20, 15, 10] }] };
}

export function splitCents(totalCents: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const raw = weights.map((w) => (totalCents * w) / sum);
  const out = raw.map(Math.floor);
  let left = totalCents - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

export function potCents(rules: ClassMoneyRules, entryCount: number) {
  const fees = rules.entryFeeCents * entryCount;
  return fees - Math.floor((fees * rules.producerSharePercent) / 100) + rules.addedMoneyCents;
}

export function computeResults(rules: ClassMoneyRules, runs: Run[]): ClassResults {
  const entryCount = runs.length;
  const pot = potCents(rules, entryCount);
  const timed = runs
    .filter((r) => r.outcome === "TIME" && r.timeMs !== null)
    .map((r) => ({ entryId: r.entryId, totalMs: r.timeMs! + r.penalties * PENALTY_MS }))
    .sort((a, b) => a.totalMs - b.totalMs);
  const fastest = timed[0]?.totalMs ?? null;
  const starts: (number | null)[] = [];
  for (let d = 0; d < rules.divisions; d++) {
    if (fastest === null) starts.push(null);
    else if (d === 0) starts.push(fastest);
    else starts.push(starts[d - 1]! + (rules.splitMs[d - 1] ?? rules.splitMs[0] ?? 500));
  }
  const divPots = splitCents(pot, rules.payout.divisionPercents.slice(0, rules.divisions));
  const row = rules.payout.table.find((t) => t.maxEntries >= entryCount) ?? rules.payout.table[rules.payout.table.length - 1];
  const percents = row?.percents ?? [100];
  const divisions = starts.map((startMs, d) => {
    const members = timed.filter((t) => {
      let div = 0;
      for (let k = 0; k < starts.length; k++) if (starts[k] !== null && t.totalMs >= starts[k]!) div = k;
      return div === d;
    });
    const money = splitCents(divPots[d] ?? 0, percents);
    const places: { entryId: string; totalMs: number; place: number; payoutCents: number }[] = [];
    for (let i = 0; i < members.length; ) {
      let j = i;
      while (j < members.length && members[j]!.totalMs === members[i]!.totalMs) j++;
      const covered = money.slice(i, j).reduce((a, b) => a + b, 0);
      const shares = splitCents(covered, members.slice(i, j).map(() => 1));
      for (let k = i; k < j; k++) places.push({ entryId: members[k]!.entryId, totalMs: members[k]!.totalMs, place: i + 1, payoutCents: shares[k - i] ?? 0 });
      i = j;
    }
    return { division: d + 1, startMs, potCents: divPots[d] ?? 0, placesPaid: percents.length, places };
  });
  const unplaced = runs.filter((r) => !(r.outcome === "TIME" && r.timeMs !== null)).map((r) => ({ entryId: r.entryId, outcome: r.outcome }));
  return { potCents: pot, entryCount, divisions, unplaced };
}

export function applyOverrides(results: ClassResults, overrides: { entryId: string; amountCents: number }[]): ClassResults {
  const by = new Map(overrides.map((o) => [o.entryId, o.amountCents]));
  return { ...results, divisions: results.divisions.map((d) => ({ ...d, places: d.places.map((p) => (by.has(p.entryId) ? { ...p, payoutCents: by.get(p.entryId)! } : p)) })) };
}
