import { Form } from "@remix-run/react";
import { Field, FieldErrors, fieldAria } from "~/components/Field";
import { TIE_BREAKER_LABELS, TIE_BREAKERS, type SeriesFormRaw } from "~/schemas/season";

export type FieldErrorMap = Partial<Record<string, string[]>>;

/**
 * The admin's series form (create and edit), one plain POST: class names
 * one per line, points one line per division. The server checks it with the
 * same schema as /api/series and sends the messages back beside each field.
 */
export function SeriesForm({ values, errors, submitLabel, intent }: { values: SeriesFormRaw; errors?: FieldErrorMap; submitLabel: string; intent: string }) {
  const e = errors ?? {};
  const { places, dollarsPerPoint: dollars } = values;
  return (
    <Form method="post" className="grid gap-4" data-testid="series-form">
      <input type="hidden" name="intent" value={intent} />
      <Field label="Series name" name="name" defaultValue={values.name} errors={e.name} required maxLength={100} placeholder="NBHA TX05 2030 season" />
      <div className="grid grid-cols-2 gap-3">
        <Field label="Season starts" name="startDate" type="date" defaultValue={values.startDate} errors={e.startDate} required />
        <Field label="Season ends" name="endDate" type="date" defaultValue={values.endDate} errors={e.endDate} required />
      </div>
      <div>
        <label htmlFor="classNames" className="label">
          Classes that count (one per line)
        </label>
        <textarea id="classNames" name="classNames" rows={3} className="input" defaultValue={values.classNames} required {...fieldAria("classNames", e.classNames, "classNames-hint")} />
        <p id="classNames-hint" className="mt-1 text-sm text-gray-600">
          Matched to each event&apos;s class names without case: &quot;Open 4D&quot; counts every Open 4D.
        </p>
        <FieldErrors id="classNames-error" errors={e.classNames} />
      </div>
      <fieldset className="rounded-xl border border-gray-200 p-3">
        <legend className="px-1 font-semibold text-gray-900">Points</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <label className="flex min-h-[44px] items-center gap-2">
            <input type="radio" name="pointsMode" value="PLACE" defaultChecked={values.pointsMode !== "MONEY"} />
            By place
          </label>
          <label className="flex min-h-[44px] items-center gap-2">
            <input type="radio" name="pointsMode" value="MONEY" defaultChecked={values.pointsMode === "MONEY"} />
            By money won
          </label>
        </div>
        <label htmlFor="places" className="label mt-2">
          Points per place (one line per division, 1D first)
        </label>
        <textarea id="places" name="places" rows={2} className="input font-mono" defaultValue={places} {...fieldAria("places", e.pointsTable, "places-hint")} />
        <p id="places-hint" className="mt-1 text-sm text-gray-600">
          1st place first. A division without a line of its own uses the last line.
        </p>
        <div className="mt-2">
          <Field label="Dollars per point (by money won)" name="dollarsPerPoint" inputMode="decimal" defaultValue={dollars} errors={e.dollarsPerPoint} />
        </div>
        <FieldErrors id="places-error" errors={e.pointsTable} />
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Best races counted" name="bestOf" inputMode="numeric" defaultValue={values.bestOf} errors={e.bestOf} hint="Empty: every race" />
        <Field label="Races to qualify" name="qualifyMinRaces" inputMode="numeric" defaultValue={values.qualifyMinRaces} errors={e.qualifyMinRaces} required />
        <Field label="Finalists per division" name="qualifyTop" inputMode="numeric" defaultValue={values.qualifyTop} errors={e.qualifyTop} required />
      </div>
      <fieldset className="rounded-xl border border-gray-200 p-3">
        <legend className="px-1 font-semibold text-gray-900">Ties on points broken by</legend>
        <div className="grid gap-2">
          {[0, 1, 2].map((i) => (
            <label key={i}>
              <span className="label">{["First", "Then", "Then"][i]}</span>
              <select name={`tieBreaker${i + 1}`} defaultValue={values.tieBreakers[i]} className="input" {...fieldAria(`tieBreaker${i + 1}`, e.tieBreakers)}>
                {TIE_BREAKERS.map((b) => (
                  <option key={b} value={b}>
                    {TIE_BREAKER_LABELS[b]}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        <FieldErrors id="tieBreaker1-error" errors={e.tieBreakers} />
      </fieldset>
      <fieldset className="rounded-xl border border-gray-200 p-3">
        <legend className="px-1 font-semibold text-gray-900">Association members</legend>
        <label className="flex min-h-[44px] items-center gap-2">
          <input type="checkbox" name="membersOnly" value="on" defaultChecked={values.membersOnly === "on"} />
          <span>Only members earn points (others are placed and paid as always)</span>
        </label>
        <label>
          <span className="label">A member's races count</span>
          <select name="pointsFrom" defaultValue={values.pointsFrom} className="input">
            <option value="MEMBERSHIP_START">From the day the membership started</option>
            <option value="SEASON_START">From the start of the season</option>
          </select>
        </label>
        <label>
          <span className="label">Points by</span>
          <select name="pointsBy" defaultValue={values.pointsBy} className="input">
            <option value="PLACE_AMONG_MEMBERS">Place among members</option>
            <option value="OVERALL_PLACE">Overall place</option>
          </select>
        </label>
      </fieldset>
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
    </Form>
  );
}
