import type { RaceOutcome } from "~/schemas/race-outcomes";

/**
 * The booth's order of go, as one pure rule shared by the server's HTML
 * (without JavaScript) and the booth's browser code (which applies the
 * changes still waiting on the device, so the gate advances while offline):
 * the class's entries in running order, less the scratched and those that
 * have a current time.
 */

export type BoothEntry = {
  entryId: string;
  riderName: string;
  horseName: string;
  backNumber: number | null;
  position: number | null;
  dragsBefore: number | null;
  status: "ENTERED" | "SCRATCHED";
  /** An exhibition run: timed at the gate, but not one of the class's runs (not in "ran" or "to go"). */
  exhibition?: boolean;
  /** Other classes this run also counts in (carried runs): timed once, here. */
  alsoCountsIn?: string[];
};

export type BoothTime = {
  /** The server's id; null for a time still waiting on this device. */
  id: string | null;
  clientId: string;
  entryId: string;
  outcome: RaceOutcome;
  /** The timer's time as text ("15.482"); null for NT and scratches. */
  time: string | null;
  penalties: number;
  /** Waiting on this device to be sent. */
  pending?: boolean;
};

/** A change the booth made, in the order made: what the device keeps and sends. */
export type BoothOp =
  | { kind: "time"; clientId: string; classId: string; entryId: string; outcome: BoothTime["outcome"]; time: string | null; penalties: number; takenAt?: string }
  | { kind: "undo"; clientId: string; classId: string; ref: string }
  | { kind: "rerun"; clientId: string; classId: string; ref: string; reason: string }
  | { kind: "correct"; clientId: string; classId: string; ref: string; outcome: BoothTime["outcome"]; time: string | null; penalties: number; reason: string };

const refers = (t: BoothTime, ref: string) => t.id === ref || t.clientId === ref;

/**
 * The class's current times (latest last) with the device's changes applied
 * in order: those waiting (shown as not sent yet), and those sent (`sent`)
 * whose answer the page's data does not hold yet.
 */
export function applyOps(times: BoothTime[], ops: (BoothOp & { sent?: boolean })[], classId: string): BoothTime[] {
  let out = [...times];
  for (const op of ops) {
    if (op.classId !== classId) continue;
    const pending = !op.sent;
    if (op.kind === "time") {
      if (out.some((t) => t.clientId === op.clientId || t.entryId === op.entryId)) continue;
      out.push({ id: null, clientId: op.clientId, entryId: op.entryId, outcome: op.outcome, time: op.outcome === "TIME" ? op.time : null, penalties: op.outcome === "TIME" ? op.penalties : 0, pending });
    } else if (op.kind === "correct") {
      out = out.map((t) => (refers(t, op.ref) ? { ...t, outcome: op.outcome, time: op.outcome === "TIME" ? op.time : null, penalties: op.outcome === "TIME" ? op.penalties : 0, pending } : t));
    } else {
      out = out.filter((t) => !refers(t, op.ref));
    }
  }
  return out;
}

/**
 * The rider on the gate, the next three, and how many of the class's runs
 * have run and are to go (exhibition runs take the gate in their turn but
 * are counted apart: `exhibitions` still to go).
 */
export function boothQueue(order: BoothEntry[], times: BoothTime[], next = 3) {
  const done = new Set(times.map((t) => t.entryId));
  const waiting = order.filter((e) => e.status === "ENTERED" && !done.has(e.entryId));
  const exhibition = new Set(order.filter((e) => e.exhibition).map((e) => e.entryId));
  const exhibitions = waiting.filter((e) => e.exhibition).length;
  const ran = [...done].filter((id) => !exhibition.has(id)).length;
  return { gate: waiting[0] ?? null, next: waiting.slice(1, 1 + next), waiting: waiting.length - exhibitions, ran, exhibitions };
}

/** "15.482 + 1 barrel", "NT", "Scratch". */
export function timeLabel(t: Pick<BoothTime, "outcome" | "time" | "penalties">) {
  if (t.outcome === "NT") return "NT";
  if (t.outcome === "SCRATCH") return "Scratch";
  return `${t.time ?? ""}${t.penalties ? ` + ${t.penalties} barrel${t.penalties > 1 ? "s" : ""}` : ""}`;
}
