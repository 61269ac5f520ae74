import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { formatCents } from "~/features/raceday/time";
import { Field, FieldErrors } from "~/components/Field";
import { FormError } from "~/components/FormError";
import { showToast } from "~/components/Toaster";
import { useFormChecks, type FormResult } from "~/features/auth/useFormChecks";
import { RUN_TAGS } from "~/schemas/constants";
import { checkRun, LIMITS, PLACEMENTS, readRunTime, TAG_LABELS, VIDEO_ADVICE, type RunTag } from "~/schemas/run-rules";
import { checkFileBeforeUpload, UPLOAD_RULES } from "~/schemas/uploads";
import { dateToWallClock, wallClockToDate } from "~/lib/zoned-time";
import type { PickableHorse } from "~/features/horses/horses.server";
import { GlobeIcon, LockIcon } from "./icons";
import { keepOfflineCopyFresh, newClientId, putQueuedRun, sendKeptRun, type QueuedRun } from "./offlineQueue";
import type { OwnRun } from "./runs.server";

type EditedRun = Omit<OwnRun, "createdAt" | "runAt"> & { createdAt: string | Date; runAt: string | Date };

export type RunFormProps = {
  lastResult?: FormResult | null;
  /** The rider's active horses (the picker). */
  horses: PickableHorse[];
  /** The rider's home zone: where the server shows and reads "Run at" without JavaScript. */
  zone: string;
  /** Now, in that zone, as the server rendered the form. */
  runAtNow: string;
  riders: { id: number; name: string }[];
  /** `dates` as the event cards show them ("Mar 6 – 8, 2030"). */
  events: { id: string; name: string; dates: string }[];
  /** A Private (SOLO) rider's runs are seen by nobody else: no Public choice. */
  solo: boolean;
  /** The page is sending this form (with JavaScript). */
  sending: boolean;
} & (
  | {
      mode: "create";
      /** The horse picked to start with (the horse page's "Log a run"). */
      horseId?: string | null;
      clientId: string;
      userId: string;
      /** A run was kept on the phone (the offline queue) and waits there: list it and keep sending it. */
      onKept: () => void;
      /** A run the form sent reached the server: show it in the list. */
      onSent?: () => void;
      /** A run the server refused after it waited on the phone, brought back here to be fixed (it keeps its key). */
      restore?: QueuedRun | null;
      /** The restored run was kept again (sent, or waiting): the form is for a new run once more. */
      onFixed?: () => void;
    }
  | {
      mode: "edit";
      run: EditedRun;
      cancelHref: string;
      /** Sends the checked form through the page (a client-side form post). */
      submit: (form: HTMLFormElement) => void;
    }
);

/** A form value as the server reads it: trimmed, blank and "none" being absent. */
function text(form: FormData, name: string) {
  const v = form.get(name);
  return typeof v === "string" && v.trim() !== "" && v !== "none" ? v.trim() : undefined;
}

/** The phone's time zone ("America/Chicago"), or null where the browser does not say. */
const phoneZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
};

/**
 * When the run was run, as an instant: the time typed in the form, read in
 * the zone it was shown in; left as first shown, the moment it is logged
 * (the page may have been open, or kept offline, for hours).
 */
function runInstant(form: FormData) {
  const typed = text(form, "runAt");
  if (!typed || typed === text(form, "runAtShown")) return new Date().toISOString();
  return wallClockToDate(typed, text(form, "timeZone") ?? "UTC")?.toISOString() ?? new Date().toISOString();
}

/** The checked form as the run the offline queue sends (the server validates it again). */
function runFields(form: FormData, horses: PickableHorse[]): QueuedRun["fields"] {
  const time = text(form, "time");
  const read = time ? readRunTime(time) : null;
  const number = (name: string) => (text(form, name) === undefined ? undefined : Number(text(form, name)));
  const newHorse = text(form, "newHorse");
  return {
    arenaName: text(form, "arenaName") ?? "",
    arenaType: text(form, "arenaType") === "indoor" ? "indoor" : "outdoor",
    // A new horse typed in the form is found or added by name when the run reaches the server;
    // a picked one goes by its id (its name is for the "On this phone" list).
    horseName: newHorse ?? horses.find((h) => h.id === text(form, "horseId"))?.name,
    horseId: newHorse ? undefined : text(form, "horseId"),
    runAt: runInstant(form),
    eventId: text(form, "eventId"),
    riderId: number("riderId"),
    time: read && "time" in read ? read.time : undefined,
    rating: number("rating"),
    placement: text(form, "placement") as QueuedRun["fields"]["placement"],
    tags: [...new Set(form.getAll("tags").filter((t): t is RunTag => (RUN_TAGS as readonly unknown[]).includes(t)))],
    notes: text(form, "notes"),
    groundCondition: text(form, "groundCondition"),
    weather: text(form, "weather"),
    videoUrl: text(form, "videoUrl"),
    privacy: text(form, "privacy") === "PUBLIC" ? "PUBLIC" : "PRIVATE",
  };
}

/** A layout effect in the browser (its state change renders before any further input); none on the server. */
const useSwitchBeforeInput = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** Plain placings, then each division's (1D, 2D, ...), then EXPO: the picker's groups. */
const placementGroup = (p: string) => (/^\dD /.test(p) ? p.slice(0, 2) : p === "EXPO" ? "Other" : "Placing");
const placementGroups = [...new Set(PLACEMENTS.map(placementGroup))].map((label) => ({ label, placements: PLACEMENTS.filter((p) => placementGroup(p) === label) }));

/** The values a run shows in the form, as the form's fields carry them. */
function formValues(run: EditedRun | null, horseId?: string | null): Record<string, unknown> {
  if (!run) return { arenaType: "outdoor", privacy: "PRIVATE", ...(horseId ? { horseId } : {}) };
  return {
    arenaName: run.arenaName,
    arenaType: run.arenaType,
    horseId: run.horseId ?? "none",
    time: run.time ?? "",
    rating: run.rating ? String(run.rating) : "",
    placement: run.placement ?? "",
    tags: run.tags,
    riderId: run.riderId ? String(run.riderId) : "none",
    eventId: run.eventId ?? "none",
    notes: run.notes ?? "",
    groundCondition: run.groundCondition ?? "",
    weather: run.weather ?? "",
    videoUrl: run.videoUrl ?? "",
    privacy: run.privacy,
  };
}

/** The server's messages by field; a refusal about the run as a whole shows at the form's top. */
const refusalMessages = (fields: Record<string, string[]>, message: string) => (Object.keys(fields).length ? fields : { "": [message] });

/** A run kept on the phone as the form shows it again: "Run at" as the phone's clock read it then. */
function queuedValues(run: QueuedRun, zone: string): Record<string, unknown> {
  const f = run.fields;
  return {
    arenaName: f.arenaName,
    arenaType: f.arenaType,
    horseId: f.horseId ?? "none",
    newHorse: f.horseId ? "" : (f.horseName ?? ""),
    runAt: f.runAt ? dateToWallClock(new Date(f.runAt), zone) : undefined,
    timeZone: zone,
    time: f.time ?? "",
    rating: f.rating ? String(f.rating) : "",
    placement: f.placement ?? "",
    tags: f.tags ?? [],
    riderId: f.riderId ? String(f.riderId) : "none",
    eventId: f.eventId ?? "none",
    notes: f.notes ?? "",
    groundCondition: f.groundCondition ?? "",
    weather: f.weather ?? "",
    videoUrl: f.videoUrl ?? "",
    privacy: f.privacy,
  };
}

/**
 * The add-run and edit-run form: a plain multipart POST without JavaScript
 * (the video travels with it). With JavaScript it is checked as you go
 * (app/schemas/run-rules.ts, the server's own rules and messages), and a
 * new valid run (and its video) is kept on the phone first and sent from
 * there, so it survives no signal at all (offlineQueue.ts; QueuePanel.tsx
 * lists and sends it). Where the phone's store refuses it (full, or the
 * video), the page holds it in memory, says so, and sends it the same way:
 * never a plain post that no signal would lose. Edits post as they do
 * without JavaScript.
 */
export default function RunForm(props: RunFormProps) {
  const { lastResult, horses, riders, events, solo, zone } = props;
  const editing = props.mode === "edit" ? props.run : null;
  const id = editing ? "edit-run" : "add-run";
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const [videoError, setVideoError] = useState<string | null>(null);
  // The server's refusal of a run this form just sent (with JavaScript): shown as a refused post is.
  const [refusal, setRefusal] = useState<FormResult | null>(null);
  // A refused run brought back from "On this phone": its values in a fresh form, the server's messages by its fields.
  const restore = props.mode === "create" ? (props.restore ?? null) : null;
  const [shownRestore, setShownRestore] = useState<QueuedRun | null>(null);
  if (restore !== shownRestore) {
    setShownRestore(restore);
    if (restore) setRefusal({ error: refusalMessages(restore.refusedFields ?? {}, restore.refused ?? "") });
  }
  const checks = useFormChecks(checkRun, refusal ?? lastResult);
  const intent = editing ? "update" : "create";
  const submitting = saving || props.sending;

  // What the rider sent, when the server sends the form back; else the run being edited, or the defaults.
  const values = restore ? queuedValues(restore, phoneZone() ?? zone) : ((lastResult?.initialValue as Record<string, unknown> | null | undefined) ?? formValues(editing, props.mode === "create" ? props.horseId : null));
  const initial = (name: string) => {
    const v = values[name];
    return typeof v === "string" ? v : undefined;
  };
  const tags = ((v) => (Array.isArray(v) ? v : typeof v === "string" ? [v] : []))(values.tags);
  const rating = initial("rating") ?? "";
  const privacy = initial("privacy") ?? "PRIVATE";
  const arenaType = initial("arenaType") ?? "outdoor";
  const offerPublic = !solo || editing?.privacy === "PUBLIC";
  const fieldId = (name: string) => `${id}-${name}`;
  const errors = checks.errors;
  const videoErrors = [...(errors("video") ?? []), ...(videoError ? [videoError] : [])];

  // "Run at": the form shows the run's time (or now) in the rider's home zone as the server
  // renders it; on the phone, in the phone's own zone, which is then sent with it. A time sent
  // back with a refused form stays in the zone it was typed in.
  const sentRunAt = initial("runAt");
  const [clock, setClock] = useState(() => ({
    shown: editing ? dateToWallClock(new Date(editing.runAt), zone) : props.runAtNow,
    zone: initial("timeZone") ?? zone,
  }));
  const runAtField = useRef<HTMLInputElement>(null);
  const runAtShown = useRef<HTMLInputElement>(null);
  const runAtZone = useRef<HTMLInputElement>(null);
  // The switch to the phone's zone is made on the page itself, in the same task as the check, and
  // the field is kept (never replaced): a time typed before this code woke is seen and kept, and one
  // typed after it is typed over the phone's time, in the phone's zone. (Replacing the field, or
  // leaving the switch to React's next render, once put a time typed in between back to now.)
  useSwitchBeforeInput(() => {
    const here = phoneZone();
    const field = runAtField.current;
    if (!here || here === zone || sentRunAt !== undefined || !field) return;
    // Typed before this code woke (the form works as plain HTML until then): the rider's time, in the
    // zone it was shown in, is kept.
    if (field.value !== field.defaultValue) return;
    const shown = dateToWallClock(editing ? new Date(editing.runAt) : new Date(), here);
    field.defaultValue = shown;
    field.value = shown;
    if (runAtShown.current) runAtShown.current.value = shown;
    if (runAtZone.current) runAtZone.current.value = here;
    setClock({ shown, zone: here });
  }, [editing, zone, sentRunAt]);

  const horseSelect = useRef<HTMLSelectElement>(null);
  const riderSelect = useRef<HTMLSelectElement>(null);
  // A parent picks a child's horse and the child rides it; picks the child and their horse comes up.
  function onHorseChange(e: ChangeEvent<HTMLSelectElement>) {
    const horse = horses.find((h) => h.id === e.currentTarget.value);
    if (horse?.riderId && riderSelect.current) riderSelect.current.value = String(horse.riderId);
  }
  function onRiderChange(e: ChangeEvent<HTMLSelectElement>) {
    const riderId = e.currentTarget.value === "none" ? null : Number(e.currentTarget.value);
    const select = horseSelect.current;
    if (!select) return;
    const current = horses.find((h) => h.id === select.value);
    if (current && current.riderId === riderId) return;
    const theirs = horses.filter((h) => h.riderId === riderId);
    if (theirs.length) select.value = theirs[0]!.id;
  }
  const riderName = (id: number | null) => (id === null ? null : (riders.find((r) => r.id === id)?.name ?? null));
  const horseGroups = [null, ...riders.map((r) => r.id)]
    .map((riderId) => ({ riderId, horses: horses.filter((h) => h.riderId === riderId) }))
    .filter((g) => g.horses.length > 0);
  const currentHorseRetired = editing?.horseId && !horses.some((h) => h.id === editing.horseId);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    checks.form.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (props.mode === "edit") return props.submit(event.currentTarget);
    const element = event.currentTarget;
    if (busy.current) return; // a double tap keeps one run
    const formData = new FormData(element);
    const file = formData.get("video");
    const video = file instanceof File && file.size > 0 ? file : undefined;
    const problem = video ? checkFileBeforeUpload("video", video) : null;
    setVideoError(problem ? `${problem.title}: ${problem.message}` : null);
    if (problem) {
      showToast({ type: "error", title: problem.title, description: problem.message });
      return;
    }
    busy.current = true;
    setSaving(true);
    const { userId, onKept, onSent, onFixed } = props;
    void (async () => {
      try {
        // A fixed run keeps its key: kept again, it replaces the refused copy on the phone.
        const clientId = restore?.clientId ?? newClientId();
        const keptOnPhone = await putQueuedRun({ clientId, userId, fields: runFields(formData, horses), video, queuedAt: Date.now() });
        if (!keptOnPhone) {
          // The phone's store refused it (full, or the video): this page holds it and sends it, never a plain post offline.
          showToast({ type: "error", title: "Not kept on this phone", description: "Storage is full. Keep this page open until the run is sent." });
        }
        // Online, the run is sent now: refused for what it says, it comes back to this form to be corrected
        // (a run already fixed once stays listed on the phone with the new message too).
        const sent = navigator.onLine ? await sendKeptRun(userId, clientId, {}, { keepRefused: Boolean(restore) }) : ({ outcome: "waiting" } as const);
        if (sent.outcome === "refused") {
          const fields = refusalMessages(sent.fields, sent.message);
          setRefusal({ error: fields });
          if (restore) onKept();
          const first = Object.keys(fields).map((name) => element.querySelector<HTMLElement>(`[name="${name === "horseName" ? "newHorse" : name}"]`)).find(Boolean);
          (first ?? element).scrollIntoView({ block: "center" });
          first?.focus({ preventScroll: true });
          return;
        }
        setRefusal(null);
        if (sent.outcome === "sent") {
          showToast({ type: "success", title: "Run Logged" });
          keepOfflineCopyFresh();
          onSent?.();
        } else {
          if (!navigator.onLine && keptOnPhone) showToast({ type: "success", title: "Saved on this phone", description: "Waiting to sync: it is sent when the connection returns." });
          onKept();
        }
        // A fresh form for the next run ("Run at" is read at logging time while left as shown).
        element.reset();
        if (restore) onFixed?.();
      } catch {
        // Something unforeseen: online, the form posts as it does without JavaScript; offline it stays as typed.
        if (navigator.onLine) element.submit();
        else showToast({ type: "error", title: "Not saved", description: "This run could not be kept on this phone. Try again when you have signal." });
      } finally {
        busy.current = false;
        setSaving(false);
      }
    })();
  }

  return (
    <form key={restore?.clientId} method="post" encType="multipart/form-data" id={id} className="space-y-4" {...checks.form} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      {props.mode === "create" ? <input type="hidden" name="clientId" value={props.clientId} /> : <input type="hidden" name="id" value={props.run.id} />}
      <FormError message={checks.formError} />
      <Field id={fieldId("arenaName")} label="Arena name" name="arenaName" autoComplete="off" required maxLength={LIMITS.arenaName} defaultValue={initial("arenaName")} errors={errors("arenaName")} />
      <fieldset>
        <legend className="label">Arena type</legend>
        <div className="grid grid-cols-2 gap-2">
          {(["outdoor", "indoor"] as const).map((t) => (
            <label key={t} className="choice-chip">
              <input type="radio" className="sr-only" name="arenaType" value={t} defaultChecked={arenaType === t} />
              {t === "indoor" ? "Indoor" : "Outdoor"}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="sr-only">Horse</legend>
        <div>
          <label htmlFor={fieldId("horseId")} className="label">
            Horse
          </label>
          <select id={fieldId("horseId")} ref={horseSelect} name="horseId" className="input" defaultValue={initial("horseId") ?? "none"} onChange={onHorseChange}>
            <option value="none">No horse</option>
            {currentHorseRetired ? <option value={editing!.horseId!}>{editing!.horseName} (retired)</option> : null}
            {/* Grouped by who rides them once any is a rider's. */}
            {horses.some((h) => h.riderId !== null)
              ? horseGroups.map((g) => (
                  <optgroup key={g.riderId ?? "me"} label={g.riderId === null ? "My horses" : `${riderName(g.riderId)}'s horses`}>
                    {g.horses.map((h) => (
                      <option key={h.id} value={h.id}>
                        {h.name}
                      </option>
                    ))}
                  </optgroup>
                ))
              : horses.map((h) => (
                  <option key={h.id} value={h.id}>
                    {h.name}
                  </option>
                ))}
          </select>
          <FieldErrors id={`${fieldId("horseId")}-error`} errors={errors("horseId")} />
        </div>
        <Field
          id={fieldId("newHorse")}
          label="Or a new horse"
          name="newHorse"
          autoComplete="off"
          placeholder="Name"
          maxLength={LIMITS.horseName}
          hint="Type a name to add the horse and log this run on it."
          defaultValue={initial("newHorse")}
          errors={errors("newHorse") ?? errors("horseName")}
        />
      </fieldset>
      <div>
        <label htmlFor={fieldId("runAt")} className="label">
          Run at
        </label>
        <input
          // Its default (what a reset brings back) is the time shown, in the zone it is shown in.
          ref={runAtField}
          id={fieldId("runAt")}
          name="runAt"
          type="datetime-local"
          className="input"
          defaultValue={sentRunAt ?? clock.shown}
          aria-invalid={errors("runAt")?.length ? true : undefined}
          aria-describedby={errors("runAt")?.length ? `${fieldId("runAt")}-error` : undefined}
        />
        <FieldErrors id={`${fieldId("runAt")}-error`} errors={errors("runAt")} />
        <input ref={runAtShown} type="hidden" name="runAtShown" value={clock.shown} readOnly />
        <input ref={runAtZone} type="hidden" name="timeZone" value={clock.zone} readOnly />
      </div>
      {editing?.official ? (
        <OfficialResult run={editing} />
      ) : (
        <Field
          id={fieldId("time")}
          label="Time (seconds)"
          name="time"
          inputMode="decimal"
          placeholder="15.482"
          autoComplete="off"
          hint="Seconds, like 15.482 (15.48s and 0:15.482 work too), or NT for no time."
          defaultValue={initial("time")}
          errors={errors("time")}
        />
      )}
      <fieldset>
        <legend className="label">Rating</legend>
        <div className="grid grid-cols-6 gap-1.5">
          <label className="choice-chip">
            <input type="radio" className="sr-only" name="rating" value="" defaultChecked={rating === ""} />
            <span className="sr-only">No rating</span>
            <span aria-hidden>–</span>
          </label>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="choice-chip">
              <input type="radio" className="sr-only" name="rating" value={n} defaultChecked={rating === String(n)} />
              <span className="sr-only">{`${n} star${n > 1 ? "s" : ""}`}</span>
              <span aria-hidden>{n}★</span>
            </label>
          ))}
        </div>
        <FieldErrors id={`${fieldId("rating")}-error`} errors={errors("rating")} />
      </fieldset>
      {editing?.official ? null : (
        <div>
          <label htmlFor={fieldId("placement")} className="label">
            Placement
          </label>
          <select id={fieldId("placement")} name="placement" className="input" defaultValue={initial("placement") ?? ""}>
            <option value="">None</option>
            {placementGroups.map(({ label, placements }) => (
              <optgroup key={label} label={label}>
                {placements.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <FieldErrors id={`${fieldId("placement")}-error`} errors={errors("placement")} />
        </div>
      )}
      <fieldset>
        <legend className="label">Tags</legend>
        <div className="grid grid-cols-2 gap-2">
          {RUN_TAGS.map((t) => (
            <label key={t} className="choice-chip">
              <input type="checkbox" className="sr-only" name="tags" value={t} defaultChecked={tags.includes(t)} />
              {TAG_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      {riders.length ? (
        <div>
          <label htmlFor={fieldId("riderId")} className="label">
            Rider
          </label>
          <select id={fieldId("riderId")} ref={riderSelect} name="riderId" className="input" defaultValue={initial("riderId") ?? "none"} onChange={onRiderChange}>
            <option value="none">None (me)</option>
            {riders.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
          <FieldErrors id={`${fieldId("riderId")}-error`} errors={errors("riderId")} />
        </div>
      ) : null}
      <div>
        <label htmlFor={fieldId("eventId")} className="label">
          Linked event
        </label>
        <select id={fieldId("eventId")} name="eventId" className="input" defaultValue={initial("eventId") ?? "none"}>
          <option value="none">None</option>
          {editing?.eventId && !events.some((e) => e.id === editing.eventId) ? <option value={editing.eventId}>{editing.eventName ?? "Linked event"}</option> : null}
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {`${e.name} · ${e.dates}`}
            </option>
          ))}
        </select>
        <p className="mt-1 text-sm text-gray-600">From your saved and created events, and those you ran at.</p>
        <FieldErrors id={`${fieldId("eventId")}-error`} errors={errors("eventId")} />
      </div>
      <div>
        <label htmlFor={fieldId("notes")} className="label">
          Notes
        </label>
        <textarea id={fieldId("notes")} name="notes" className="input min-h-[88px]" rows={3} maxLength={LIMITS.notes} defaultValue={initial("notes")} />
        <FieldErrors id={`${fieldId("notes")}-error`} errors={errors("notes")} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field id={fieldId("groundCondition")} label="Ground" name="groundCondition" placeholder="Deep, packed…" autoComplete="off" maxLength={LIMITS.groundCondition} defaultValue={initial("groundCondition")} errors={errors("groundCondition")} />
        <Field id={fieldId("weather")} label="Weather" name="weather" placeholder="Hot, windy…" autoComplete="off" maxLength={LIMITS.weather} defaultValue={initial("weather")} errors={errors("weather")} />
      </div>
      <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
        <legend className="label px-1">Video</legend>
        <div>
          <label htmlFor={fieldId("video")} className="label">
            {editing?.videoUrl ? "Replace the video" : "Upload a video"}
          </label>
          <input
            id={fieldId("video")}
            name="video"
            type="file"
            accept={UPLOAD_RULES.video.accept}
            className="block w-full text-sm text-gray-800 file:mr-3 file:min-h-[44px] file:rounded-lg file:border-0 file:bg-brand-100 file:px-4 file:font-semibold file:text-brand-900"
            aria-describedby={`${fieldId("video")}-hint${videoErrors.length ? ` ${fieldId("video")}-error` : ""}`}
            aria-invalid={videoErrors.length ? true : undefined}
            onChange={() => setVideoError(null)}
          />
          <p id={`${fieldId("video")}-hint`} className="mt-1 text-sm text-gray-600">
            {VIDEO_ADVICE}
          </p>
          <FieldErrors id={`${fieldId("video")}-error`} errors={videoErrors} />
        </div>
        <Field
          id={fieldId("videoUrl")}
          label={editing?.videoUrl ? "Or a video link (clear it to remove the video)" : "Or a video link"}
          name="videoUrl"
          inputMode="url"
          placeholder="https://youtu.be/…"
          autoComplete="off"
          defaultValue={initial("videoUrl")}
          errors={errors("videoUrl")}
        />
      </fieldset>
      {offerPublic ? (
        <fieldset>
          <legend className="label">Who can see this run</legend>
          <div className="grid grid-cols-2 gap-2">
            {(["PRIVATE", "PUBLIC"] as const).map((p) => (
              <label key={p} className="choice-chip">
                <input type="radio" className="sr-only" name="privacy" value={p} defaultChecked={privacy === p} />
                {p === "PRIVATE" ? <LockIcon /> : <GlobeIcon />}
                <span className="ml-1.5">{p === "PRIVATE" ? "Private" : "Public"}</span>
              </label>
            ))}
          </div>
          <FieldErrors id={`${fieldId("privacy")}-error`} errors={errors("privacy")} />
        </fieldset>
      ) : (
        <p className="flex gap-2 rounded-lg bg-gray-50 p-3 text-sm text-gray-700">
          <span className="mt-0.5 shrink-0">
            <LockIcon />
          </span>
          <span>
            Only you see this run: your profile is Private. To share runs, choose Invite Only or Public in{" "}
            <a href="/settings" className="link">
              Settings
            </a>
            .
          </span>
        </p>
      )}
      {editing ? (
        <div className="grid grid-cols-2 gap-3">
          <a href={props.mode === "edit" ? props.cancelHref : "/run-log"} data-keep-scroll className="btn-secondary">
            Cancel
          </a>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? "Saving..." : "Save Changes"}
          </button>
        </div>
      ) : (
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Saving run..." : "Save Run"}
        </button>
      )}
    </form>
  );
}

/** An official run's result, from the race: shown, never sent, so the rider cannot change it. */
function OfficialResult({ run }: { run: { time: string | null; placement: string | null; penalties: number | null; moneyCents: number | null } }) {
  const money = run.moneyCents ? formatCents(run.moneyCents) : null;
  return (
    <div className="rounded-lg bg-brand-50 p-3 ring-1 ring-brand-200">
      <p className="text-sm font-semibold text-brand-900">Official result</p>
      <p className="text-lg font-bold text-gray-900">
        {[run.time ?? "NT", run.penalties ? `${run.penalties} barrel${run.penalties > 1 ? "s" : ""} down` : null, run.placement, money].filter(Boolean).join(" · ")}
      </p>
      <p className="text-sm text-gray-700">From the race&apos;s published results: the time, placement and money cannot be changed here.</p>
    </div>
  );
}
