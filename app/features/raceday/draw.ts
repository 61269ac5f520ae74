/**
 * The draw: a class's running order, random but reproducible. Pure and
 * shared: the same seed and the same entries give the same order on any
 * machine, so a published draw can be drawn again and audited.
 *
 * What it promises (tests/unit/raceday-draw.test.ts):
 * - every entry runs exactly once, positions 1..n;
 * - late entries run after every other entry;
 * - a rider's horses run at least `minGap` positions apart (position 3 and
 *   position 8 are 5 apart) whenever the entries allow it; when they do not,
 *   the smallest gap is the largest the entries allow. Late entries keep the
 *   same spacing among themselves, and from the rider's regular horses just
 *   before them whenever the regular order can give that without losing its
 *   own spacing;
 * - the same seed and entries give the same order whatever order the entries
 *   are passed in (they are put in entryId order before shuffling);
 * - a drag every `dragEvery` runs: `dragsBefore` of position p is
 *   floor((p - 1) / dragEvery).
 *
 * How: the seed (any text) is hashed to a 128-bit state for pure-rand's
 * xoroshiro128+, and the entries are shuffled (Fisher-Yates). The shuffle is
 * then repaired in one pass from the front: a horse that would run too soon
 * after its rider's last one trades places with the next horse that fits
 * there, or else with an earlier one that fits both ways. In a tight class
 * (a rider with many horses in few runs) the repair may find nothing; the
 * order is then built run by run, each time from the riders free to run, the
 * one with most horses left (the shuffle breaks ties), which reaches the
 * largest possible gap (`feasibleGap` computes it from the counts alone; the
 * tests check both against every order of small classes). Last, random swaps
 * that keep every spacing mix the order, so that every valid order is about
 * equally likely whatever the repair leaned towards. The late entries are
 * arranged first, then the regular ones from the back, so the runs just
 * before the late entries can keep clear of their riders.
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";

export type DrawEntry = { entryId: string; riderKey: string; late: boolean };
export type DrawnRun = { entryId: string; position: number; dragsBefore: number };
export type DrawInput = { seed: string; entries: DrawEntry[]; minGap?: number; dragEvery?: number };

export const DEFAULT_MIN_GAP = 5;
export const DEFAULT_DRAG_EVERY = 5;

/** Letters that cannot be misread for one another when read out or copied (Crockford's base 32). */
const SEED_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const SEED_LENGTH = 10;

/** A new seed from the platform's cryptographic randomness: ten characters (50 bits), easy to read out and copy. */
export function newDrawSeed(): string {
  const bytes = new Uint8Array(SEED_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => SEED_ALPHABET[b & 31]).join("");
}

/** cyrb128: spreads a text of any length over the generator's four 32-bit words. */
function seedState(seed: string): number[] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  const state = [h1 | 0, h2 | 0, h3 | 0, h4 | 0];
  // xoroshiro128+ never leaves an all-zero state.
  if (!state.some((w) => w !== 0)) state[0] = 1;
  return state;
}

/** Drags before the run at 1-based `position`, with the arena dragged after every `dragEvery` runs (0 or less: never). */
export function dragsBeforePosition(position: number, dragEvery: number): number {
  return dragEvery >= 1 ? Math.floor((position - 1) / Math.floor(dragEvery)) : 0;
}

/**
 * The smallest distance between two runs of one rider in an order (riders'
 * keys by position), or null when no rider runs twice.
 */
export function smallestRiderGap(riderKeys: string[]): number | null {
  const last = new Map<string, number>();
  let smallest = Infinity;
  for (let i = 0; i < riderKeys.length; i++) {
    const before = last.get(riderKeys[i]!);
    if (before !== undefined) smallest = Math.min(smallest, i - before);
    last.set(riderKeys[i]!, i);
  }
  return smallest === Infinity ? null : smallest;
}

/**
 * The largest gap, up to `minGap`, at which these riders' horses can all be
 * spaced in one order. With m the most horses of one rider and t the riders
 * with m horses, n runs fit gap g exactly when (m - 1) * g + t <= n.
 */
export function feasibleGap(riderKeys: string[], minGap: number): number {
  const wanted = Math.max(1, Math.floor(minGap) || 1);
  const counts = new Map<string, number>();
  for (const key of riderKeys) counts.set(key, (counts.get(key) ?? 0) + 1);
  let most = 0;
  let withMost = 0;
  for (const c of counts.values()) {
    if (c > most) [most, withMost] = [c, 1];
    else if (c === most) withMost++;
  }
  if (most <= 1) return wanted;
  return Math.max(1, Math.min(wanted, Math.floor((riderKeys.length - withMost) / (most - 1))));
}

function shuffle<T>(items: T[], rng: RandomGenerator): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * One pass from the front: each run that comes too soon after its rider's
 * last trades places with the next run that fits, or else with an earlier one
 * that fits both where it goes and where it leaves. Null when neither exists.
 * `before[r]` holds rider r's positions already run (negative: before this group).
 */
function repair(riders: number[], gap: number, before: number[][]): number[] | null {
  const seq = [...riders.keys()];
  const at = before.map((p) => [...p]);
  const fitsAfter = (r: number, i: number) => {
    const p = at[r]!;
    return p.length === 0 || i - p[p.length - 1]! >= gap;
  };
  for (let i = 0; i < seq.length; i++) {
    const r = riders[seq[i]!]!;
    if (fitsAfter(r, i)) {
      at[r]!.push(i);
      continue;
    }
    let j = i + 1;
    while (j < seq.length && !fitsAfter(riders[seq[j]!]!, i)) j++;
    if (j < seq.length) {
      [seq[i], seq[j]] = [seq[j]!, seq[i]!];
      at[riders[seq[i]!]!]!.push(i);
      continue;
    }
    let k = i - 1;
    for (; k >= 0; k--) {
      const y = riders[seq[k]!]!;
      if (y === r) continue;
      if (!at[r]!.every((p) => Math.abs(p - k) >= gap)) continue;
      if (!at[y]!.every((p) => p === k || i - p >= gap)) continue;
      break;
    }
    if (k < 0) return null;
    const y = riders[seq[k]!]!;
    [seq[i], seq[k]] = [seq[k]!, seq[i]!];
    at[y] = at[y]!.filter((p) => p !== k);
    at[y]!.push(i);
    at[r]!.push(k);
    at[r]!.sort((a, b) => a - b);
  }
  return seq;
}

/**
 * Run by run: of the riders free to run (their last run `gap` or more
 * positions back), the one with most runs left; on equal counts, the one
 * whose next run comes first in the shuffle. Null when at some position no
 * rider is free.
 */
function greedy(riders: number[], gap: number, before: number[][]): number[] | null {
  const queues: number[][] = before.map(() => []);
  riders.forEach((r, i) => queues[r]!.push(i));
  const next = queues.map(() => 0);
  const last = before.map((p) => (p.length ? p[p.length - 1]! : -Infinity));
  const seq: number[] = [];
  for (let pos = 0; pos < riders.length; pos++) {
    let best = -1;
    for (let r = 0; r < queues.length; r++) {
      const left = queues[r]!.length - next[r]!;
      if (left === 0 || pos - last[r]! < gap) continue;
      if (best < 0) {
        best = r;
        continue;
      }
      const bestLeft = queues[best]!.length - next[best]!;
      if (left > bestLeft || (left === bestLeft && queues[r]![next[r]!]! < queues[best]![next[best]!]!)) best = r;
    }
    if (best < 0) return null;
    seq.push(queues[best]![next[best]!++]!);
    last[best] = pos;
  }
  return seq;
}

/**
 * Random swaps that keep every spacing: two runs trade places when both fit
 * where they land (two horses of one rider always may). The swaps are a
 * Markov chain whose steady state is every valid order equally likely, so a
 * few per run wash out what the repair or the build run by run leaned
 * towards (a rider's horses bunched near one end, the most-entered riders first).
 */
function mix(seq: number[], riders: number[], gap: number, before: number[][], rng: RandomGenerator): void {
  const n = seq.length;
  if (n < 2) return;
  const at = before.map((p) => [...p]);
  seq.forEach((item, pos) => at[riders[item]!]!.push(pos));
  const fits = (r: number, to: number, from: number) => at[r]!.every((p) => p === from || Math.abs(p - to) >= gap);
  for (let step = 0; step < MIX_STEPS_PER_RUN * n; step++) {
    const i = uniformInt(rng, 0, n - 1);
    const j = uniformInt(rng, 0, n - 1);
    if (i === j) continue;
    const a = riders[seq[i]!]!;
    const b = riders[seq[j]!]!;
    if (a !== b) {
      if (!fits(a, j, i) || !fits(b, i, j)) continue;
      at[a]![at[a]!.indexOf(i)] = j;
      at[b]![at[b]!.indexOf(j)] = i;
    }
    [seq[i], seq[j]] = [seq[j]!, seq[i]!];
  }
}

/** Swaps tried per run: enough for the order to forget where the repair left it (see the draw test's fairness check). */
const MIX_STEPS_PER_RUN = 8;

/**
 * A group's order (indexes into `riders`, already shuffled) at the largest
 * gap it allows, then mixed. `before` is each rider's positions in the runs
 * ahead of the group; the group's own gap comes first, spacing from those
 * runs second.
 */
function arrange(riders: number[], keys: string[], minGap: number, before: number[][], rng: RandomGenerator): number[] {
  const none = before.map(() => []);
  for (let gap = feasibleGap(keys, minGap); gap > 1; gap--) {
    const withBefore = repair(riders, gap, before) ?? greedy(riders, gap, before);
    const found = withBefore ?? repair(riders, gap, none) ?? greedy(riders, gap, none);
    if (found) {
      mix(found, riders, gap, withBefore ? before : none, rng);
      return found;
    }
  }
  const order = [...riders.keys()];
  mix(order, riders, 1, none, rng);
  return order;
}

/** The running order of a class: positions from 1, late entries last, with the drags before each run. */
export function drawOrder({ seed, entries, minGap = DEFAULT_MIN_GAP, dragEvery = DEFAULT_DRAG_EVERY }: DrawInput): DrawnRun[] {
  const rng = xoroshiro128plusFromState(seedState(seed));
  // The order entries arrive in must not change the draw: a seed re-drawn later gives the same order.
  const sorted = [...entries].sort((a, b) => (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0));
  const riderIndex = new Map<string, number>();
  for (const e of sorted) if (!riderIndex.has(e.riderKey)) riderIndex.set(e.riderKey, riderIndex.size);
  const regular = shuffle(
    sorted.filter((e) => !e.late),
    rng,
  );
  const late = shuffle(
    sorted.filter((e) => e.late),
    rng,
  );
  const ridersOf = (group: DrawEntry[]) => group.map((e) => riderIndex.get(e.riderKey)!);
  const keysOf = (group: DrawEntry[]) => group.map((e) => e.riderKey);
  const none = (): number[][] => Array.from({ length: riderIndex.size }, () => []);

  // The late entries first, at their own best gap; then the regular ones from
  // the back, so the runs just before the late entries keep clear of the same
  // riders (the regular order's own gap still comes first).
  const lateSeq = arrange(ridersOf(late), keysOf(late), minGap, none(), rng);
  const lateAhead = none();
  lateSeq.forEach((i, j) => lateAhead[riderIndex.get(late[i]!.riderKey)!]!.unshift(-(j + 1)));
  const fromBack = [...regular].reverse();
  const regularSeq = arrange(ridersOf(fromBack), keysOf(fromBack), minGap, lateAhead, rng).map((i) => fromBack[i]!).reverse();

  const order = [...regularSeq, ...lateSeq.map((i) => late[i]!)];
  return order.map((e, i) => ({ entryId: e.entryId, position: i + 1, dragsBefore: dragsBeforePosition(i + 1, dragEvery) }));
}
