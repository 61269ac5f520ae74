import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { showToast } from "~/components/Toaster";
import { Field, FieldErrors, FormError } from "~/components/Field";
import { RUN_TAGS } from "~/schemas/constants";
import { PLACEMENTS, runLogSchema, TAG_LABELS, VIDEO_ADVICE } from "~/schemas/runs";
import { checkFileBeforeUpload, UPLOAD_RULES } from "~/schemas/uploads";
import { GlobeIcon, LockIcon } from "./icons";
import { queueAvailable, type QueuedRun } from "./offlineQueue";

type Props = {
  lastResult?: SubmissionResult<string[]> | null;
  horses: string[];
  riders: { id: number; name: string }[];
  events: { id: string; name: string; date: string }[];
  clientId: string;
  /** Keeps a valid run on the phone (the offline queue), which sends it when it can. */
  onKeep: (run: Pick<QueuedRun, "fields" | "video">) => Promise<void>;
};

const chip =
  "flex min-h-[44px] cursor-pointer items-center justify-center rounded-lg border border-gray-300 bg-white px-3 text-sm font-semibold text-gray-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600";

const asList = (v: unknown) => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/**
 * The add-run form: a plain multipart POST without JavaScript (the video
 * travels with it). With JavaScript it is validated as you go, and a valid
 * run (and its video) is kept on the phone first and sent from there, so it
 * survives no signal at all (offlineQueue.ts). Where the browser cannot keep
 * it, the form posts as it does without JavaScript.
 */
export function RunForm({ lastResult, horses, riders, events, clientId, onKeep }: Props) {
  const navigation = useNavigation();
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const [videoError, setVideoError] = useState<string | null>(null);
  const submitting = saving || (navigation.state !== "idle" && navigation.formData?.get("intent") === "create");
  const [form, fields] = useForm({
    id: "add-run",
    lastResult,
    constraint: getZodConstraint(runLogSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: runLogSchema }),
    defaultValue: { privacy: "PRIVATE", arenaType: "outdoor" },
    onSubmit(event, { formData, submission }) {
      if (submission?.status !== "success") return;
      event.preventDefault();
      const element = event.currentTarget;
      if (busy.current) return; // a double tap keeps one run
      const file = formData.get("video");
      const video = file instanceof File && file.size > 0 ? file : undefined;
      const problem = video ? checkFileBeforeUpload("video", video) : null;
      setVideoError(problem ? `${problem.title}: ${problem.message}` : null);
      if (problem) {
        showToast({ type: "error", title: problem.title, description: problem.message });
        return;
      }
      const values = { ...submission.value };
      delete values.clientId;
      busy.current = true;
      setSaving(true);
      void (async () => {
        try {
          if (await queueAvailable()) return await onKeep({ fields: values, video });
          // No IndexedDB here (a locked-down browser): post the form as without JavaScript.
          element.submit();
        } catch {
          element.submit();
        } finally {
          busy.current = false;
          setSaving(false);
        }
      })();
    },
  });
  const videoErrors = [...(form.allErrors.video ?? []), ...(videoError ? [videoError] : [])];
  const tags = asList(fields.tags.initialValue);
  const rating = String(fields.rating.initialValue ?? "");
  const privacy = String(fields.privacy.initialValue ?? "PRIVATE");

  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="clientId" value={clientId} />
      <FormError message={form.errors?.[0]} />
      <Field label="Arena name" autoComplete="off" errors={fields.arenaName.errors} {...getInputProps(fields.arenaName, { type: "text" })} />
      <fieldset>
        <legend className="label">Arena type</legend>
        <div className="grid grid-cols-2 gap-2">
          {(["outdoor", "indoor"] as const).map((t) => (
            <label key={t} className={chip}>
              <input type="radio" className="sr-only" name={fields.arenaType.name} value={t} defaultChecked={(fields.arenaType.initialValue ?? "outdoor") === t} />
              {t === "indoor" ? "Indoor" : "Outdoor"}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Field label="Horse" list="horse-names" autoComplete="off" errors={fields.horseName.errors} {...getInputProps(fields.horseName, { type: "text" })} />
        <datalist id="horse-names">
          {horses.map((h) => (
            <option key={h} value={h} />
          ))}
        </datalist>
      </div>
      <Field
        label="Time (seconds)"
        inputMode="decimal"
        placeholder="15.482"
        autoComplete="off"
        hint="Seconds, like 15.482 (15.48s and 0:15.482 work too)."
        errors={fields.time.errors}
        {...getInputProps(fields.time, { type: "text" })}
      />
      <fieldset>
        <legend className="label">Rating</legend>
        <div className="grid grid-cols-6 gap-1.5">
          <label className={chip}>
            <input type="radio" className="sr-only" name={fields.rating.name} value="" defaultChecked={rating === ""} />
            <span className="sr-only">No rating</span>
            <span aria-hidden>–</span>
          </label>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={chip}>
              <input type="radio" className="sr-only" name={fields.rating.name} value={n} defaultChecked={rating === String(n)} />
              <span className="sr-only">{`${n} star${n > 1 ? "s" : ""}`}</span>
              <span aria-hidden>{n}★</span>
            </label>
          ))}
        </div>
        <FieldErrors id={`${fields.rating.id}-error`} errors={fields.rating.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.placement.id} className="label">
          Placement
        </label>
        <select className="input" {...getSelectProps(fields.placement)}>
          <option value="">None</option>
          {PLACEMENTS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        <FieldErrors id={`${fields.placement.id}-error`} errors={fields.placement.errors} />
      </div>
      <fieldset>
        <legend className="label">Tags</legend>
        <div className="grid grid-cols-2 gap-2">
          {RUN_TAGS.map((t) => (
            <label key={t} className={chip}>
              <input type="checkbox" className="sr-only" name={fields.tags.name} value={t} defaultChecked={tags.includes(t)} />
              {TAG_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      {riders.length ? (
        <div>
          <label htmlFor={fields.riderId.id} className="label">
            Rider
          </label>
          <select className="input" {...getSelectProps(fields.riderId)}>
            <option value="none">None (me)</option>
            {riders.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
          <FieldErrors id={`${fields.riderId.id}-error`} errors={fields.riderId.errors} />
        </div>
      ) : null}
      <div>
        <label htmlFor={fields.eventId.id} className="label">
          Linked event
        </label>
        <select className="input" {...getSelectProps(fields.eventId)}>
          <option value="none">None</option>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name} · {e.date}
            </option>
          ))}
        </select>
        <p className="mt-1 text-sm text-gray-600">From your saved and created events.</p>
        <FieldErrors id={`${fields.eventId.id}-error`} errors={fields.eventId.errors} />
      </div>
      <div>
        <label htmlFor={fields.notes.id} className="label">
          Notes
        </label>
        <textarea className="input min-h-[88px]" rows={3} {...getTextareaProps(fields.notes)} />
        <FieldErrors id={`${fields.notes.id}-error`} errors={fields.notes.errors} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Ground" placeholder="Deep, packed…" autoComplete="off" errors={fields.groundCondition.errors} {...getInputProps(fields.groundCondition, { type: "text" })} />
        <Field label="Weather" placeholder="Hot, windy…" autoComplete="off" errors={fields.weather.errors} {...getInputProps(fields.weather, { type: "text" })} />
      </div>
      <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
        <legend className="label px-1">Video</legend>
        <div>
          <label htmlFor="run-video" className="label">
            Upload a video
          </label>
          <input
            id="run-video"
            name="video"
            type="file"
            accept={UPLOAD_RULES.video.accept}
            className="block w-full text-sm text-gray-800 file:mr-3 file:min-h-[44px] file:rounded-lg file:border-0 file:bg-brand-100 file:px-4 file:font-semibold file:text-brand-900"
            aria-describedby={`run-video-hint${videoErrors.length ? " run-video-error" : ""}`}
            aria-invalid={videoErrors.length ? true : undefined}
            onChange={() => setVideoError(null)}
          />
          <p id="run-video-hint" className="mt-1 text-sm text-gray-600">
            {VIDEO_ADVICE}
          </p>
          <FieldErrors id="run-video-error" errors={videoErrors} />
        </div>
        <Field
          label="Or a video link"
          inputMode="url"
          placeholder="https://youtu.be/…"
          autoComplete="off"
          errors={fields.videoUrl.errors}
          {...getInputProps(fields.videoUrl, { type: "text" })}
        />
      </fieldset>
      <fieldset>
        <legend className="label">Who can see this run</legend>
        <div className="grid grid-cols-2 gap-2">
          {(["PRIVATE", "PUBLIC"] as const).map((p) => (
            <label key={p} className={chip}>
              <input type="radio" className="sr-only" name={fields.privacy.name} value={p} defaultChecked={privacy === p} />
              {p === "PRIVATE" ? <LockIcon /> : <GlobeIcon />}
              <span className="ml-1.5">{p === "PRIVATE" ? "Private" : "Public"}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? "Saving run..." : "Save Run"}
      </button>
    </Form>
  );
}
