import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Field, FieldErrors, FormError } from "~/components/Field";
import { showToast } from "~/components/Toaster";
import { EVENT_TYPES } from "~/schemas/constants";
import { EVENT_TYPE_LABELS, eventCreateSchema, eventEditSchema, GROUND_LABELS, GROUND_TYPES } from "~/schemas/events";
import { formatDateRange } from "./format";
import { afterTap, isTapping, trackTaps } from "~/lib/taps";
import { uploadFile, UploadError } from "~/lib/uploadFile";
import { checkFileBeforeUpload, maxSizeLabel, UPLOAD_RULES } from "~/schemas/uploads";
import { installPlainMessages } from "~/schemas/error-map";

// The form checks itself with zod in the browser: the same plain words as the server's answer.
installPlainMessages();

/** A date the rules read as "not on the calendar" (February 30th). */
const IMPOSSIBLE_DATE = "2001-02-30";

/**
 * The date pickers' fields the browser holds a date in that does not exist
 * (02/30/2027 typed into the field): the browser sends nothing for them,
 * which would read as "no date". They are checked as the impossible date
 * they are, so the message says that day is not on the calendar.
 */
function withImpossibleDates(form: HTMLFormElement, formData: FormData) {
  for (const input of Array.from(form.querySelectorAll<HTMLInputElement>('input[type="date"], input[type="datetime-local"]'))) {
    if (!input.validity.badInput || !input.name) continue;
    formData.set(input.name, input.type === "date" ? IMPOSSIBLE_DATE : `${IMPOSSIBLE_DATE}T12:00`);
  }
  return formData;
}

/** "ST" of a typed "City, ST", if any. */
const stateIn = (location: string) => /,\s*([A-Za-z]{2})\s*$/.exec(location)?.[1]?.toUpperCase() ?? null;

export type Conflict = { id: string; name: string; date: string; endDate: string | null; location: string; distance: number | null };
type Shape = {
  name: string; location: string; zipCode: string; address: string; arenaName: string; arenaType: string;
  groundType: string; addedMoney: string; date: string; endDate: string; contactName: string; contactPhone: string;
  contactEmail: string; contactFacebook: string; eventType: string[]; description: string; entryFee: string;
  entriesClose: string; entryContact: string; confirmTerms: boolean; showbillUrl: string;
};
export type EventFormDefaults = Partial<Record<keyof Shape, string | string[] | null>>;

/**
 * The Add Event form and the edit form: one multipart <Form> (so the showbill
 * travels with it when JavaScript is off), enhanced with the upload flow,
 * a progress bar and the location-to-ZIP lookup when it is on.
 */
export function EventForm({
  mode,
  lastResult,
  defaults,
  currentShowbill,
  conflicts,
  uploadedShowbill,
  formError,
  cancelTo,
  clientId,
  action,
}: {
  mode: "create" | "edit";
  lastResult?: SubmissionResult<string[]> | null;
  defaults?: EventFormDefaults;
  currentShowbill?: string | null;
  conflicts?: Conflict[] | null;
  uploadedShowbill?: string | null;
  formError?: string | null;
  cancelTo: string;
  /** Add Event's idempotency key: the same form sent twice adds one event. */
  clientId?: string;
  /** Where the form posts, when not to the page's own URL. */
  action?: string;
}) {
  const schema = mode === "create" ? eventCreateSchema : eventEditSchema;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useForm<Shape, Shape>({
    lastResult,
    constraint: getZodConstraint(schema),
    // A field is checked when it loses focus (after a tap has landed: see below), then as it is typed in.
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The two schemas differ only in confirmTerms; conform's types want one shape.
    onValidate: ({ form: element, formData }) => parseWithZod(withImpossibleDates(element, formData), { schema }) as unknown as Submission<Shape, string[], Shape>,
    defaultValue: { arenaType: "outdoor", eventType: ["barrel_racing"], ...defaults } as Record<string, unknown>,
  });
  const [showbillUrl, setShowbillUrl] = useState(uploadedShowbill ?? "");
  const [progress, setProgress] = useState<number | null>(null);
  const [zipFound, setZipFound] = useState(false);
  // Where the typed ZIP code is, said beside it: a ZIP that does not match the city shows before the form is sent.
  const [zipPlace, setZipPlace] = useState<{ zip: string; city: string; state: string } | null>(null);
  const [typedState, setTypedState] = useState(() => stateIn(String(defaults?.location ?? "")));
  const [remove, setRemove] = useState(false);
  // A showbill refused in the browser (too large, not an image or PDF): said at the field, and the
  // form is not sent until the rider picks another file or chooses to go on without one.
  const [showbillRefused, setShowbillRefused] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const lookup = useRef<ReturnType<typeof setTimeout>>();
  useEffect(trackTaps, []);
  // The ZIP code the lookup last put in the field: the lookup may replace only that one, or an empty field.
  const filledZip = useRef<string | null>(null);
  useEffect(() => () => clearTimeout(lookup.current), []);

  async function placeOf(address: string) {
    const res = await fetch("/api/geocode-location", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ address }) });
    return res.ok ? ((await res.json()) as { zipCode: string; city: string; state: string }) : null;
  }

  async function onZip(value: string) {
    const zip = value.trim();
    setZipFound(false);
    // Typed over: from now on the field holds the producer's ZIP code, which no lookup replaces.
    if (zip !== filledZip.current) filledZip.current = null;
    if (!/^\d{5}$/.test(zip)) return setZipPlace(null);
    try {
      const place = await placeOf(zip);
      setZipPlace(place ? { zip, city: place.city, state: place.state } : null);
    } catch {
      setZipPlace(null); // The server checks the pair anyway.
    }
  }

  function onLocation(value: string) {
    clearTimeout(lookup.current);
    setZipFound(false);
    setTypedState(stateIn(value));
    // After 1 s without typing, a location over 10 characters with a comma.
    if (value.trim().length <= 10 || !value.includes(",")) return;
    lookup.current = setTimeout(async () => {
      try {
        const place = await placeOf(value);
        if (!place) return;
        const zip = document.getElementById(fields.zipCode.id) as HTMLInputElement | null;
        // A ZIP code the producer typed is theirs (a city has many; the server checks it is in the city).
        const typed = zip?.value.trim() ?? "";
        if (zip && place.zipCode && (typed === "" || typed === filledZip.current)) {
          zip.value = place.zipCode;
          filledZip.current = place.zipCode;
          setZipPlace({ zip: place.zipCode, city: place.city, state: place.state });
          setZipFound(true);
        }
      } catch (error) {
        console.warn("geocode failed", error); // silent: the rider types the ZIP
      }
    }, 1000);
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    setShowbillRefused(null);
    const problem = checkFileBeforeUpload("showbill", file);
    if (problem) {
      setShowbillRefused(`${problem.title}: ${problem.message}`);
      // The bytes must not travel with the form; the message stays by the field.
      fileRef.current!.value = "";
      return;
    }
    setProgress(0);
    try {
      const { accessURL } = await uploadFile("showbill", file, setProgress);
      setShowbillUrl(accessURL);
      setRemove(false);
      // Uploaded already: the form must not send the bytes a second time.
      fileRef.current!.value = "";
      showToast({ type: "success", title: "File Uploaded" });
    } catch (error) {
      // A refused file says why ("Invalid File Type: ... not a real image ..."), as does a failed request.
      const failure = error instanceof UploadError ? error : new UploadError("Upload Failed", "Failed to upload file. Please try again.");
      setShowbillRefused(`${failure.title}: ${failure.description}`);
      fileRef.current!.value = "";
    } finally {
      setProgress(null);
    }
  }

  /**
   * A field is checked when it loses focus (conform listens for that on the
   * document). When a tap took the focus away, the check waits until the tap
   * has landed: a message shown at once would push down what was tapped (the
   * "I confirm" box) and the tap would miss it. The focus leaving is held
   * back here, then told again once the click is done.
   */
  useEffect(() => {
    const element = document.getElementById(form.id);
    if (!element) return;
    let replaying = false;
    const onFocusOut = (event: globalThis.FocusEvent) => {
      const field = event.target as HTMLInputElement;
      if (replaying || !isTapping() || !field.name || field.type === "file" || field.type === "hidden") return;
      event.stopPropagation();
      afterTap(() => {
        replaying = true;
        field.dispatchEvent(new globalThis.FocusEvent("focusout", { bubbles: true }));
        replaying = false;
      });
    };
    element.addEventListener("focusout", onFocusOut, true);
    return () => element.removeEventListener("focusout", onFocusOut, true);
  }, [form.id]);

  const shown = showbillUrl || (!remove ? currentShowbill : null);
  const typeErrors = fields.eventType.errors;
  const showbillErrors = [...(showbillRefused ? [showbillRefused] : []), ...(fields.showbillUrl.errors ?? [])];
  const formProps = getFormProps(form);

  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="space-y-5"
      {...formProps}
      onSubmit={(event) => {
        // Sent now, the event would be added without the showbill the rider meant to add.
        if (showbillRefused) {
          event.preventDefault();
          fileRef.current?.scrollIntoView({ block: "center" });
          fileRef.current?.focus({ preventScroll: true });
          return;
        }
        formProps.onSubmit(event);
      }}
    >
      {form.errors?.length || formError ? <FormError message={form.errors?.[0] ?? formError} /> : null}
      {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}

      <section className="card space-y-3">
        <h2 className="font-bold text-gray-900">Showbill</h2>
        {shown ? (
          <p className="text-sm text-gray-800">
            Current showbill:{" "}
            <a href={shown} target="_blank" rel="noopener noreferrer" className="link">
              View
            </a>
          </p>
        ) : null}
        <div>
          <label htmlFor="showbill" className="label">
            {currentShowbill || showbillUrl ? "Replace with a new file" : `Upload a flyer (image or PDF, up to ${maxSizeLabel("showbill")})`}
          </label>
          <input
            ref={fileRef}
            id="showbill"
            name="showbill"
            type="file"
            accept={UPLOAD_RULES.showbill.accept}
            className="block w-full text-sm file:mr-3 file:min-h-[44px] file:rounded-lg file:border-0 file:bg-brand-100 file:px-4 file:font-semibold file:text-brand-900"
            aria-invalid={showbillErrors.length ? true : undefined}
            aria-describedby={showbillErrors.length ? "showbill-error" : undefined}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <FieldErrors id="showbill-error" errors={showbillErrors} />
          {showbillRefused ? (
            <div className="mt-1 text-sm text-gray-800">
              <p>Choose another file, or add the event without a showbill.</p>
              <button type="button" className="btn-ghost -ml-2 px-2 text-brand-800" onClick={() => setShowbillRefused(null)}>
                Go on without a showbill
              </button>
            </div>
          ) : null}
        </div>
        {progress !== null ? (
          <div>
            <progress max={100} value={progress} className="h-2 w-full" aria-label="Upload progress" />
            <p className="text-sm text-gray-700">Uploading… {progress}%</p>
          </div>
        ) : null}
        <input type="hidden" name="showbillUrl" value={showbillUrl} />
        {mode === "edit" && currentShowbill ? (
          <label className="flex min-h-[44px] items-center gap-3">
            <input type="checkbox" name="removeShowbill" checked={remove} onChange={(e) => setRemove(e.target.checked)} className="h-5 w-5 accent-brand-700" />
            <span>Remove the current showbill when I save</span>
          </label>
        ) : null}
      </section>

      <section className="card space-y-3">
        <h2 className="font-bold text-gray-900">Event info</h2>
        <Field label="Event name" errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} />
        <div className="grid grid-cols-2 gap-3">
          <Field label="Start date" errors={fields.date.errors} {...getInputProps(fields.date, { type: "date" })} />
          <Field label="End date (optional)" errors={fields.endDate.errors} {...getInputProps(fields.endDate, { type: "date" })} />
        </div>
        <fieldset>
          <legend className="label">Event type</legend>
          <div className="grid grid-cols-2 gap-2">
            {EVENT_TYPES.map((t) => (
              <label key={t} className="flex min-h-[44px] items-center gap-2 rounded-lg border border-gray-300 px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input
                  type="checkbox"
                  name={fields.eventType.name}
                  value={t}
                  defaultChecked={([] as unknown[]).concat(fields.eventType.initialValue ?? []).includes(t)}
                  className="h-5 w-5 accent-brand-700"
                />
                <span className="text-sm">{EVENT_TYPE_LABELS[t]}</span>
              </label>
            ))}
          </div>
          <FieldErrors id={`${fields.eventType.id}-error`} errors={typeErrors} />
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={fields.arenaType.id} className="label">
              Arena
            </label>
            <select className="input" {...getSelectProps(fields.arenaType)}>
              <option value="outdoor">Outdoor</option>
              <option value="indoor">Indoor</option>
            </select>
          </div>
          <div>
            <label htmlFor={fields.groundType.id} className="label">
              Ground
            </label>
            <select className="input" {...getSelectProps(fields.groundType)}>
              <option value="">Not sure</option>
              {GROUND_TYPES.map((g) => (
                <option key={g} value={g}>
                  {GROUND_LABELS[g]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Added money ($)" inputMode="numeric" errors={fields.addedMoney.errors} {...getInputProps(fields.addedMoney, { type: "text" })} />
          <Field label="Entry fee" placeholder="$35 per run" errors={fields.entryFee.errors} {...getInputProps(fields.entryFee, { type: "text" })} />
        </div>
        <div>
          <label htmlFor={fields.description.id} className="label">
            Description
          </label>
          <textarea className="input min-h-[96px]" {...getTextareaProps(fields.description)} />
          <FieldErrors id={`${fields.description.id}-error`} errors={fields.description.errors} />
        </div>
      </section>

      <section className="card space-y-3">
        <h2 className="font-bold text-gray-900">Location</h2>
        <Field label="Arena name" errors={fields.arenaName.errors} {...getInputProps(fields.arenaName, { type: "text" })} />
        <Field label="Address" autoComplete="street-address" errors={fields.address.errors} {...getInputProps(fields.address, { type: "text" })} />
        <Field
          label="City, State"
          placeholder="Fort Worth, TX"
          errors={fields.location.errors}
          {...getInputProps(fields.location, { type: "text" })}
          onChange={(e) => onLocation(e.target.value)}
        />
        <Field
          label="ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
          errors={fields.zipCode.errors}
          hint={
            zipFound ? (
              <span className="font-semibold text-green-800">ZIP Code Found</span>
            ) : fields.zipCode.errors ? undefined : zipPlace && typedState && typedState !== zipPlace.state ? (
              <span className="font-semibold text-amber-900">
                {zipPlace.zip} is in {zipPlace.city}, {zipPlace.state}: check the ZIP code or the city
              </span>
            ) : zipPlace ? (
              <span className="text-gray-700">
                {zipPlace.zip} is in {zipPlace.city}, {zipPlace.state}
              </span>
            ) : undefined
          }
          {...getInputProps(fields.zipCode, { type: "text" })}
          onChange={(e) => void onZip(e.target.value)}
          maxLength={5}
          pattern={undefined}
        />
      </section>

      <section className="card space-y-3">
        <h2 className="font-bold text-gray-900">
          Entries <span className="font-normal text-gray-600">(optional)</span>
        </h2>
        <Field
          label="Entries close"
          hint="The event's local time. Riders who saved the event are reminded 48 hours before."
          errors={fields.entriesClose.errors}
          {...getInputProps(fields.entriesClose, { type: "datetime-local" })}
        />
        <Field
          label="Entry link or phone"
          placeholder="https://… or (940) 555-0123"
          errors={fields.entryContact.errors}
          {...getInputProps(fields.entryContact, { type: "text" })}
        />
      </section>

      <section className="card space-y-3">
        <h2 className="font-bold text-gray-900">
          Contact info <span className="font-normal text-gray-600">(optional)</span>
        </h2>
        <Field label="Organizer" errors={fields.contactName.errors} {...getInputProps(fields.contactName, { type: "text" })} />
        <Field label="Phone" inputMode="tel" autoComplete="tel" errors={fields.contactPhone.errors} {...getInputProps(fields.contactPhone, { type: "tel" })} />
        <Field label="Email" inputMode="email" errors={fields.contactEmail.errors} {...getInputProps(fields.contactEmail, { type: "text" })} />
        <Field label="Website or Facebook page" errors={fields.contactFacebook.errors} {...getInputProps(fields.contactFacebook, { type: "text" })} />
      </section>

      {conflicts?.length ? (
        <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-bold">Other approved events fall on the same dates within 75 miles:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {conflicts.map((c) => (
              <li key={c.id}>
                {c.name}, {formatDateRange(c.date, c.endDate)}, {c.location}
                {c.distance !== null ? ` (${c.distance} mi)` : ""}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">Check it is not the same event. You can still add yours.</p>
          <input type="hidden" name="ignoreConflicts" value="1" />
        </div>
      ) : null}

      {mode === "create" ? (
        <div>
          <label className="flex min-h-[44px] items-start gap-3">
            <input
              type="checkbox"
              name={fields.confirmTerms.name}
              id={fields.confirmTerms.id}
              defaultChecked={String(fields.confirmTerms.initialValue ?? "") === "on"}
              className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
              aria-invalid={fields.confirmTerms.errors ? true : undefined}
              aria-describedby={fields.confirmTerms.errors ? `${fields.confirmTerms.id}-error` : undefined}
            />
            <span className="text-gray-800">I confirm this event information is accurate.</span>
          </label>
          <FieldErrors id={`${fields.confirmTerms.id}-error`} errors={fields.confirmTerms.errors} />
        </div>
      ) : (
        <p className="text-sm text-gray-700">
          Saving sends your changes to an admin for approval; you will be notified. A listed event stays listed as it is until then.
        </p>
      )}

      <div className="grid grid-cols-2 gap-3">
        <a data-discover href={cancelTo} className="btn-secondary">
          Cancel
        </a>
        <button type="submit" className="btn-primary" disabled={submitting || progress !== null}>
          {submitting ? "Saving..." : mode === "create" ? (conflicts?.length ? "Add Event Anyway" : "Add Event") : "Save Changes"}
        </button>
      </div>
    </Form>
  );
}
