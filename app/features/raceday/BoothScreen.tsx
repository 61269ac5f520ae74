import { Form, useLocation, useRevalidator } from "@remix-run/react";
import { GateCallButton } from "~/features/ondeck/GateCallButton";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Dialog } from "~/components/Dialog";
import { showToast } from "~/components/Toaster";
import { useHydrated } from "~/lib/useHydrated";
import { applyOps, boothQueue, timeLabel, type BoothEntry, type BoothOp, type BoothTime } from "./booth";
import { enqueueOp, dropOp, heldInMemory, newClientId, pruneSent, queuedOps, sentOps, syncOps, type QueuedOp, type SentOp } from "./boothQueue";
import { refreshKeptPages } from "~/lib/offline";
import { parseRaceTime } from "./time";
import type { BoothView } from "./race-runs.server";
import { TimerConsole } from "./TimerConsole";

type Data = BoothView & { userId: string; classId: string | null; formKey: string; gateCalls?: Record<string, number> };

/** While changes wait on the device, how often sending is tried again (besides "online"). */
const RETRY_EVERY_MS = 4_000;
/** "15.48" and "15.480" are one time. */
const sameTime = (a: string | null, b: string | null) => (a === null || b === null ? a === b : parseRaceTime(a) === parseRaceTime(b));
const BARRELS = [0, 1, 2, 3, 4, 5];

/**
 * The booth: per class, the rider on the gate and the next three; the time
 * typed as the timer shows it (Enter saves it), knocked barrels, NT,
 * scratch; undo the last, a rerun, a correction with a reason. Without
 * JavaScript every button is a form post of its own. With it, each change is
 * kept on the device first (boothQueue.ts) and the screen moves on at once,
 * signal or not; the changes go to the server in order as soon as it answers.
 */
export function BoothScreen({ data }: { data: Data }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [ops, setOps] = useState<QueuedOp[]>([]);
  // Sent, but not yet in the page's data (reloading, or a copy kept offline from before): still applied,
  // so the gate never steps back.
  const [sent, setSent] = useState<SentOp[]>([]);
  const [online, setOnline] = useState(true);
  // A time the timer's console printed, put in the gate's field for the timer to save.
  const [arrived, setArrived] = useState<{ time: string; at: number } | null>(null);
  const cls = data.classes.find((c) => c.id === data.classId) ?? null;
  const eventId = data.event.id;
  const userId = data.userId;
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  // Until the device's changes are read, the status says nothing (not "All times sent." while some wait).
  const [loaded, setLoaded] = useState(false);
  const reload = useCallback(() => {
    setOps(queuedOps(eventId, userId));
    setSent(sentOps(eventId, userId));
    setLoaded(true);
  }, [eventId, userId]);

  const sync = useCallback(async () => {
    if (!navigator.onLine) return;
    const { sent, refused } = await syncOps(eventId, userId);
    reload();
    // A conflict has its own panel; other refusals are told here and listed until dismissed.
    for (const op of refused) if (!op.conflict) showToast({ type: "error", title: "Not saved", description: op.refused });
    // Refused too: the server's own time for that run shows in place of this device's.
    if (sent.length > 0 || refused.length > 0) revalidate.current();
    if (sent.length > 0) {
      // The copy of this page kept for offline use is fetched again, with these times in it.
      refreshKeptPages([`${location.pathname}${location.search}`]);
    }
  }, [eventId, userId, reload]);

  useEffect(() => {
    reload();
    void sync();
    const update = () => {
      setOnline(navigator.onLine);
      if (navigator.onLine) void sync();
    };
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    const onStorage = (e: StorageEvent) => e.key?.startsWith("cloverleaf-booth:") && reload();
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
      window.removeEventListener("storage", onStorage);
    };
  }, [reload, sync]);

  useEffect(() => {
    const inData = (op: BoothOp) => {
      const times = data.classes.find((c) => c.id === op.classId)?.times ?? [];
      if (op.kind === "time") return times.some((t) => t.clientId === op.clientId || t.entryId === op.entryId);
      const target = times.find((t) => t.id === op.ref || t.clientId === op.ref);
      if (op.kind === "correct") return !target || (target.outcome === op.outcome && sameTime(target.time, op.time) && target.penalties === op.penalties);
      return !target;
    };
    pruneSent(eventId, userId, inData);
    reload();
  }, [data, eventId, userId, reload]);

  const waiting = ops.filter((o) => !o.refused).length;
  useEffect(() => {
    if (waiting === 0) return;
    const timer = setInterval(() => void sync(), RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting, sync]);

  const keep = (op: BoothOp) => {
    setArrived(null);
    enqueueOp(eventId, userId, op);
    reload();
    void sync();
  };

  if (!cls) {
    return <p className="card text-gray-800">No classes to time yet. The producer adds classes and entries on the race-day page.</p>;
  }

  const times = applyOps(cls.times, [...sent, ...ops.filter((o) => !o.refused)], cls.id);
  const queue = boothQueue(cls.order, times);
  const names = new Map(cls.order.map((e) => [e.entryId, e]));
  const recent = [...times].reverse();
  const refused = ops.filter((o) => o.refused);

  return (
    <div className="space-y-4">
      <ClassTabs data={data} current={cls.id} />
      <EarlyWarning event={data.event} hydrated={hydrated} />
      <SyncStatus hydrated={hydrated && loaded} online={online} waiting={waiting} held={heldInMemory(eventId, userId)} refused={refused} names={names} onDiscard={(id) => (dropOp(eventId, userId, id), reload())} onKeep={keep} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="gate-heading" className="space-y-4">
          <div className="card">
            <div className="flex items-baseline justify-between gap-2">
              <h2 id="gate-heading" className="text-sm font-bold uppercase tracking-wide text-brand-800">
                On the gate
              </h2>
              <p className="text-sm text-gray-700">
                {queue.ran} ran · {queue.waiting} to go{queue.exhibitions ? ` · ${queue.exhibitions} exhibition` : ""}
              </p>
            </div>
            {queue.gate ? (
              <>
                <Rider entry={queue.gate} big />
                <TimeForm key={`${queue.gate.entryId}-${times.length}`} classId={cls.id} entry={queue.gate} formKey={data.formKey} hydrated={hydrated} onKeep={keep} arrived={arrived} />
                <GateCallButton eventId={eventId} classId={cls.id} entryId={queue.gate.entryId} calls={data.gateCalls?.[queue.gate.entryId] ?? 0} />
              </>
            ) : (
              <p className="mt-2 text-lg font-semibold text-gray-900">Everyone in {cls.name} has run.</p>
            )}
          </div>
          <TimerConsole onTime={(time) => setArrived({ time, at: Date.now() })} />
          <div className="card">
            <h2 className="text-sm font-bold uppercase tracking-wide text-brand-800">Next</h2>
            {queue.next.length ? (
              <ol className="mt-2 divide-y divide-gray-100">
                {queue.next.map((e) => (
                  <li key={e.entryId} className="py-2">
                    <Rider entry={e} />
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-2 text-gray-700">Nobody after the gate.</p>
            )}
          </div>
        </section>
        <section aria-labelledby="runs-heading" className="card">
          <div className="flex items-center justify-between gap-2">
            <h2 id="runs-heading" className="text-sm font-bold uppercase tracking-wide text-brand-800">
              Runs
            </h2>
            {recent[0] ? <UndoLast classId={cls.id} time={recent[0]} name={names.get(recent[0].entryId)?.riderName ?? ""} hydrated={hydrated} onKeep={keep} /> : null}
          </div>
          {recent.length ? (
            <ul className="mt-2 divide-y divide-gray-100">
              {recent.map((t) => (
                <RunRow key={t.clientId} classId={cls.id} time={t} entry={names.get(t.entryId)} hydrated={hydrated} onKeep={keep} />
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-gray-700">No runs yet.</p>
          )}
        </section>
      </div>
    </div>
  );
}

function ClassTabs({ data, current }: { data: Data; current: string }) {
  if (data.classes.length < 2) return <h2 className="text-xl font-bold text-gray-900">{data.classes[0]?.name}</h2>;
  return (
    <nav aria-label="Classes" className="-mx-4 overflow-x-auto px-4">
      {/* The padding keeps each pill's outline inside the scrolling strip, which clips what overflows it. */}
      <ul className="flex gap-2 py-1">
        {data.classes.map((c) => (
          <li key={c.id}>
            <a
              data-discover
              href={`?class=${c.id}`}
              aria-current={c.id === current ? "page" : undefined}
              className={`inline-flex min-h-[44px] items-center whitespace-nowrap rounded-full px-4 font-semibold ${c.id === current ? "bg-brand-700 text-white" : "bg-white text-brand-800 ring-1 ring-brand-300"}`}
            >
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type SyncStatusProps = {
  hydrated: boolean;
  online: boolean;
  waiting: number;
  /** The device's storage refused changes: the page holds them. */
  held: boolean;
  refused: QueuedOp[];
  names: Map<string, BoothEntry>;
  onDiscard: (clientId: string) => void;
  onKeep: (op: BoothOp) => void;
};

function SyncStatus({ hydrated, online, waiting, held, refused, names, onDiscard, onKeep }: SyncStatusProps) {
  // The server's page holds the status line's room empty: the line that comes with the booth's code
  // moves nothing below it (the gate, the time field) as the timer reaches for it.
  if (!hydrated) return <div role="status" aria-live="polite" className="min-h-5" />;
  return (
    <div role="status" aria-live="polite" className="min-h-5 space-y-2">
      {held && waiting ? (
        <p className="rounded-lg bg-red-50 px-3 py-2 font-semibold text-red-900" data-testid="booth-held">
          This device&apos;s storage is full: the times not sent yet are held by this page only. Keep it open until they are sent.
        </p>
      ) : null}
      {!online ? (
        <p className="rounded-lg bg-amber-100 px-3 py-2 font-semibold text-amber-900">
          Offline: {waiting} {waiting === 1 ? "change" : "changes"} {held ? "held by this page" : "kept on this device"}. {waiting ? "They are sent by themselves when the signal is back." : "Keep timing: times are kept here."}
        </p>
      ) : waiting ? (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-brand-900">Sending {waiting}…</p>
      ) : (
        <p className="text-sm text-gray-700">All times sent.</p>
      )}
      {refused.map((op) =>
        op.kind === "time" && op.conflict ? (
          <Conflict key={op.clientId} op={op} taken={op.conflict} entry={names.get(op.entryId)} onDiscard={onDiscard} onKeep={onKeep} />
        ) : (
          <p key={op.clientId} className="flex items-center justify-between gap-2 rounded-lg bg-red-50 px-3 py-2 text-red-900">
            <span>Not saved: {op.refused}</span>
            <button type="button" className="btn-ghost" onClick={() => onDiscard(op.clientId)}>
              Dismiss
            </button>
          </p>
        ),
      )}
    </div>
  );
}

/**
 * Without JavaScript a refused time comes back to the booth in the address
 * (`?typed=` for the rider on the gate), so what the timer typed is kept.
 */
function useTypedBack(entryId: string) {
  const params = new URLSearchParams(useLocation().search);
  return params.get("typedFor") === entryId ? (params.get("typed") ?? undefined) : undefined;
}

function Rider({ entry, big = false }: { entry: BoothEntry; big?: boolean }) {
  return (
    <div className={big ? "mt-1" : undefined}>
      <p className={big ? "text-3xl font-bold text-gray-900" : "text-lg font-semibold text-gray-900"}>
        {entry.backNumber !== null ? <span className="mr-2 rounded bg-gray-900 px-2 py-0.5 text-white">#{entry.backNumber}</span> : null}
        {entry.riderName}
      </p>
      <p className={big ? "text-xl text-gray-800" : "text-gray-800"}>
        {entry.horseName}
        {entry.exhibition ? <span className="ml-2 rounded bg-amber-100 px-1.5 text-sm font-semibold text-amber-900">Exhibition</span> : entry.position !== null ? <span className="ml-2 text-sm text-gray-600">Draw {entry.position}</span> : null}
      </p>
      {entry.alsoCountsIn?.length ? <p className="text-sm font-medium text-amber-800">Also counts in {entry.alsoCountsIn.join(", ")}</p> : null}
    </div>
  );
}

/** The time of the rider on the gate: type it, Enter saves; barrels, NT and Scratch beside. */
function TimeForm({ classId, entry, formKey, hydrated, onKeep, arrived }: { classId: string; entry: BoothEntry; formKey: string; hydrated: boolean; onKeep: (op: BoothOp) => void; arrived?: { time: string } | null }) {
  const [barrels, setBarrels] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const typed = useTypedBack(entry.entryId);
  useEffect(() => {
    if (!arrived || !input.current) return;
    input.current.value = arrived.time;
    setError(null);
    input.current.focus();
  }, [arrived]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const outcome = (submitter?.value ?? "TIME") as BoothTime["outcome"];
    const text = input.current?.value.trim() ?? "";
    if (outcome === "TIME" && parseRaceTime(text) === null) {
      setError("Enter the time as the timer shows it, such as 15.482");
      input.current?.focus();
      return;
    }
    // The moment the time was taken, by this device's clock: sent later, the run keeps it.
    const takenAt = new Date().toISOString();
    onKeep({ kind: "time", clientId: newClientId(), classId, entryId: entry.entryId, outcome, time: outcome === "TIME" ? text : null, penalties: outcome === "TIME" ? barrels : 0, takenAt });
  };

  useEffect(() => {
    if (hydrated) input.current?.focus();
  }, [hydrated]);

  return (
    <Form method="post" onSubmit={submit} className="mt-4 space-y-4" aria-label={`Time for ${entry.riderName}`}>
      <input type="hidden" name="intent" value="time" />
      <input type="hidden" name="classId" value={classId} />
      <input type="hidden" name="entryId" value={entry.entryId} />
      <input type="hidden" name="clientId" value={`${formKey}-${entry.entryId}`} />
      <div>
        <label htmlFor="booth-time" className="label text-base">
          Time (as the timer shows it)
        </label>
        <input
          ref={input}
          id="booth-time"
          name="time"
          inputMode="decimal"
          autoComplete="off"
          placeholder="15.482"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "booth-time-error" : undefined}
          onChange={() => setError(null)}
          defaultValue={typed}
          className="input h-16 text-center font-mono text-4xl tracking-wider"
        />
        {error ? (
          <p id="booth-time-error" className="mt-1 font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <fieldset>
        <legend className="label text-base">Knocked barrels (+5 s each)</legend>
        <div className="grid grid-cols-6 gap-2">
          {BARRELS.map((n) => (
            <label key={n} className="choice-chip min-h-[52px] text-lg">
              <input type="radio" name="penalties" value={n} className="sr-only" checked={hydrated ? barrels === n : undefined} defaultChecked={hydrated ? undefined : n === 0} onChange={() => setBarrels(n)} />
              {n === 0 ? "0" : `+${n * 5}`}
            </label>
          ))}
        </div>
      </fieldset>
      {/* Save Time first: Enter in the time field presses the form's first button. */}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <button type="submit" name="outcome" value="TIME" className="btn-primary col-span-2 min-h-[60px] text-xl sm:col-span-1">
          Save Time
        </button>
        <button type="submit" name="outcome" value="NT" className="btn-secondary min-h-[60px] text-lg">
          NT
        </button>
        <button type="submit" name="outcome" value="SCRATCH" className="btn-secondary min-h-[60px] text-lg">
          Scratch
        </button>
      </div>
    </Form>
  );
}

const refOf = (t: BoothTime) => t.id ?? t.clientId;

/** Today on this device's clock, in the event's zone ("2026-11-28"). */
const todayIn = (zone: string) => new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
const earlyKey = (eventId: string) => `cloverleaf-booth-early:${eventId}`;

/**
 * Used before the race's first day (by this device's clock, so a booth kept
 * offline knows too): a warning that times taken now count as the race's
 * runs, until the timer says to go on, which this device remembers for the
 * event (asked once). A modal, as it waits for that answer: known only once
 * the booth's code reads the device's clock, it opens over the booth rather
 * than pushing the gate down under the timer's finger.
 */
function EarlyWarning({ event, hydrated }: { event: Data["event"]; hydrated: boolean }) {
  const [early, setEarly] = useState(false);
  useEffect(() => {
    if (hydrated) setEarly(todayIn(event.zone) < event.firstDay && localStorage.getItem(earlyKey(event.id)) === null);
  }, [hydrated, event]);
  if (!early) return null;
  const day = new Date(`${event.firstDay}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
  // Not Now (or Escape) closes it for this visit only: the next visit asks again.
  return (
    <Dialog open title={`This race starts ${day}.`} labelledBy="booth-early-title" onClose={() => setEarly(false)}>
      <div className="text-gray-900">
        <p>Times taken today count as its runs. Practice times belong in the Run Log.</p>
        <button
          type="button"
          className="btn-primary mt-4 w-full"
          onClick={() => {
            localStorage.setItem(earlyKey(event.id), "yes");
            setEarly(false);
          }}
        >
          Take Times Today Anyway
        </button>
        <button type="button" className="btn-secondary mt-2 w-full" onClick={() => setEarly(false)}>
          Not Now
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Two booths timed one run (one of them offline): the server kept the first
 * time it received, and refused this device's. The timer picks which stands:
 * the server's (this device's is dropped) or this one's (sent as a correction
 * of the server's, with the reason in the history).
 */
function Conflict({ op, taken, entry, onDiscard, onKeep }: { op: QueuedOp & { kind: "time" }; taken: NonNullable<QueuedOp["conflict"]>; entry?: BoothEntry; onDiscard: (clientId: string) => void; onKeep: (op: BoothOp) => void }) {
  const mine = timeLabel(op);
  const theirs = timeLabel(taken);
  const useMine = () => {
    onKeep({ kind: "correct", clientId: newClientId(), classId: op.classId, ref: taken.id, outcome: op.outcome, time: op.time, penalties: op.penalties, reason: `Two booths timed this run: ${mine} kept over ${theirs}` });
    onDiscard(op.clientId);
  };
  return (
    <div className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900" data-testid="booth-conflict">
      <p className="font-semibold">
        Two times for one run{entry ? `: ${entry.backNumber !== null ? `#${entry.backNumber} ` : ""}${entry.riderName} on ${entry.horseName}` : ""}
      </p>
      <p className="mt-1">
        Already taken: <span className="font-mono font-bold">{theirs}</span>. This device: <span className="font-mono font-bold">{mine}</span>, not saved.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => onDiscard(op.clientId)}>
          Keep {theirs}
        </button>
        <button type="button" className="btn-primary" onClick={useMine}>
          Use {mine}
        </button>
      </div>
    </div>
  );
}

function UndoLast({ classId, time, name, hydrated, onKeep }: { classId: string; time: BoothTime; name: string; hydrated: boolean; onKeep: (op: BoothOp) => void }) {
  return (
    <Form
      method="post"
      onSubmit={(e) => {
        if (!hydrated) return;
        e.preventDefault();
        onKeep({ kind: "undo", clientId: newClientId(), classId, ref: refOf(time) });
      }}
    >
      <input type="hidden" name="intent" value="undo" />
      <input type="hidden" name="classId" value={classId} />
      <input type="hidden" name="timeId" value={refOf(time)} />
      <button type="submit" className="btn-secondary" aria-label={`Undo last: ${name} ${timeLabel(time)}`}>
        Undo Last
      </button>
    </Form>
  );
}

function RunRow({ classId, time, entry, hydrated, onKeep }: { classId: string; time: BoothTime; entry?: BoothEntry; hydrated: boolean; onKeep: (op: BoothOp) => void }) {
  const [open, setOpen] = useState(false);
  const keep = (e: FormEvent<HTMLFormElement>, make: (form: FormData) => BoothOp | null) => {
    if (!hydrated) return;
    e.preventDefault();
    const op = make(new FormData(e.currentTarget));
    if (!op) return;
    onKeep(op);
    setOpen(false);
    // One toast at a time: this replaces an earlier "Not saved", and says the change was taken.
    showToast({ type: "success", title: op.kind === "rerun" ? "Rerun Given" : "Correction Saved", description: "Kept on this device and sent when online" });
  };
  const field = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
  return (
    <li className="py-2">
      <div className="flex items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-gray-900">
            {entry?.backNumber !== null && entry?.backNumber !== undefined ? `#${entry.backNumber} ` : ""}
            {entry?.riderName} <span className="font-normal text-gray-700">on {entry?.horseName}</span>
          </p>
          {time.pending ? <p className="text-sm text-amber-800">On this device, not sent yet</p> : null}
        </div>
        <p className="shrink-0 font-mono text-xl font-bold text-gray-900">{timeLabel(time)}</p>
      </div>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="mt-1">
        <summary className="inline-flex min-h-[44px] cursor-pointer items-center text-sm font-semibold text-brand-800">Correct or rerun</summary>
        {/* One form under the other: side by side, the booth's list column left the time "15." and the result "T". */}
        <div className="mt-2 grid gap-3">
          <Form
            method="post"
            className="space-y-2 rounded-lg bg-gray-50 p-3"
            onSubmit={(e) =>
              keep(e, (form) => {
                const outcome = field(form, "outcome") as BoothTime["outcome"];
                const text = field(form, "time");
                const reason = field(form, "reason");
                if ((outcome === "TIME" && parseRaceTime(text) === null) || !reason) {
                  showToast({ type: "error", title: "Not saved", description: !reason ? "Give a reason for the change" : "Enter the time as the timer shows it, such as 15.482" });
                  return null;
                }
                return { kind: "correct", clientId: newClientId(), classId, ref: refOf(time), outcome, time: outcome === "TIME" ? text : null, penalties: outcome === "TIME" ? Number(field(form, "penalties")) : 0, reason };
              })
            }
          >
            <input type="hidden" name="intent" value="correct" />
            <input type="hidden" name="classId" value={classId} />
            <input type="hidden" name="timeId" value={refOf(time)} />
            <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-2">
              <label className="col-span-2">
                <span className="label">Result</span>
                <select name="outcome" defaultValue={time.outcome} className="input">
                  <option value="TIME">Time</option>
                  <option value="NT">NT</option>
                  <option value="SCRATCH">Scratch</option>
                </select>
              </label>
              <label>
                <span className="label">Time</span>
                <input name="time" inputMode="decimal" defaultValue={time.time ?? ""} className="input font-mono" autoComplete="off" />
              </label>
              <label>
                <span className="label">Barrels</span>
                <select name="penalties" defaultValue={String(time.penalties)} className="input">
                  {BARRELS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <label className="block">
              <span className="label">Reason</span>
              <input name="reason" required maxLength={300} className="input" placeholder="Timer misread" />
            </label>
            <button type="submit" className="btn-primary w-full">
              Save Correction
            </button>
          </Form>
          <Form
            method="post"
            className="space-y-2 rounded-lg bg-gray-50 p-3"
            onSubmit={(e) =>
              keep(e, (form) => {
                const reason = field(form, "reason");
                if (!reason) {
                  showToast({ type: "error", title: "Not saved", description: "Give a reason for the change" });
                  return null;
                }
                return { kind: "rerun", clientId: newClientId(), classId, ref: refOf(time), reason };
              })
            }
          >
            <input type="hidden" name="intent" value="rerun" />
            <input type="hidden" name="classId" value={classId} />
            <input type="hidden" name="timeId" value={refOf(time)} />
            <label className="block">
              <span className="label">Rerun reason</span>
              <input name="reason" required maxLength={300} className="input" placeholder="Eye failed" />
            </label>
            <button type="submit" className="btn-secondary w-full">
              Rerun: Back to the Gate
            </button>
          </Form>
        </div>
      </details>
    </li>
  );
}
