/**
 * The app's clock. Every rule that depends on time passing (reminders,
 * digests, expiring papers, entries closing) reads `now()`, so a test can
 * move time forward instead of waiting for it. The offset is kept on
 * globalThis, so every copy of this module in one process (the Remix
 * build, and the sources the server loads beside it) reads the same clock.
 */
const CLOCK = Symbol.for("cloverleaf.clock");
type Holder = { [CLOCK]?: number };

export function now(): Date {
  return new Date(Date.now() + ((globalThis as Holder)[CLOCK] ?? 0));
}

/** Tests only: the clock reads `date` from now on (and moves on from it); null puts it back. */
export function setClock(date: Date | null) {
  (globalThis as Holder)[CLOCK] = date ? date.getTime() - Date.now() : 0;
}
