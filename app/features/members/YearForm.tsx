import { Form } from "@remix-run/react";
import { FieldErrors, fieldAria } from "~/components/Field";
import type { YearFormValues } from "./screens.server";

/**
 * A membership year's form at Admin, Members: its name, first and last day,
 * the member numbers' prefix, and a row per kind (offered, dues in dollars,
 * the youngest and oldest age taken on the year's first day). Posts without
 * JavaScript; what was typed comes back with the refusal.
 */
export function YearForm({
  values,
  errors,
  yearId,
  intent,
}: {
  values: YearFormValues;
  errors: Record<string, string[] | undefined>;
  yearId: string | null;
  intent: "year-create" | "year-update";
}) {
  const id = (name: string) => `${intent}-${name}`;
  return (
    // Keyed by the values: after a save the fields show what was stored (55.00), not what was typed (55).
    <Form
      key={JSON.stringify(values)}
      method="post"
      className="space-y-3"
      aria-label={
        intent === "year-create"
          ? "Open a membership year"
          : "Membership year details"
      }
    >
      {yearId ? <input type="hidden" name="yearId" value={yearId} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={id("name")} className="label">
            Name
          </label>
          <input
            id={id("name")}
            name="name"
            className="input"
            defaultValue={values.name}
            placeholder="2027 or 2026-27"
            required
            {...fieldAria(id("name"), errors.name)}
          />
          <FieldErrors id={`${id("name")}-error`} errors={errors.name} />
        </div>
        <div>
          <label htmlFor={id("startDate")} className="label">
            First day
          </label>
          <input
            id={id("startDate")}
            name="startDate"
            type="date"
            className="input"
            defaultValue={values.startDate}
            required
            {...fieldAria(id("startDate"), errors.startDate)}
          />
          <FieldErrors
            id={`${id("startDate")}-error`}
            errors={errors.startDate}
          />
        </div>
        <div>
          <label htmlFor={id("endDate")} className="label">
            Last day
          </label>
          <input
            id={id("endDate")}
            name="endDate"
            type="date"
            className="input"
            defaultValue={values.endDate}
            required
            {...fieldAria(id("endDate"), errors.endDate)}
          />
          <FieldErrors id={`${id("endDate")}-error`} errors={errors.endDate} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={id("numberPrefix")} className="label">
            Member number prefix
          </label>
          <input
            id={id("numberPrefix")}
            name="numberPrefix"
            className="input"
            defaultValue={values.numberPrefix}
            placeholder="CL-"
            aria-describedby={`${id("numberPrefix")}-hint`}
          />
          <p
            id={`${id("numberPrefix")}-hint`}
            className="mt-1 text-sm text-gray-600"
          >
            New numbers are the prefix and the next free number: CL- gives
            CL-0001. Riders keep their number from year to year.
          </p>
          <FieldErrors
            id={`${id("numberPrefix")}-error`}
            errors={errors.numberPrefix}
          />
        </div>
      </div>
      <fieldset>
        <legend className="label">Kinds offered</legend>
        <p className="mb-1 text-sm text-gray-600">
          Ages are taken on the year's first day; leave them empty for any age.
        </p>
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-gray-300 text-gray-700">
              <th className="py-1 pr-2">Kind</th>
              <th className="py-1 pr-2">Dues ($)</th>
              <th className="py-1 pr-2">Youngest</th>
              <th className="py-1 pr-2">Oldest</th>
            </tr>
          </thead>
          <tbody>
            {values.kinds.map((k) => (
              <tr key={k.kind} className="border-b border-gray-100 align-top">
                <td className="py-1 pr-2">
                  <label className="flex min-h-[40px] items-center gap-2 font-semibold text-gray-900">
                    <input
                      type="checkbox"
                      name={`offer_${k.kind}`}
                      defaultChecked={k.offered}
                      className="h-5 w-5"
                    />
                    {k.label}
                  </label>
                  <FieldErrors
                    id={`${id(`kind_${k.kind}`)}-error`}
                    errors={errors[`kind_${k.kind}`]}
                  />
                </td>
                <td className="py-1 pr-2">
                  <input
                    name={`dues_${k.kind}`}
                    inputMode="decimal"
                    aria-label={`${k.label} dues in dollars`}
                    className="input w-24 py-1"
                    defaultValue={k.dues}
                    placeholder="50.00"
                  />
                </td>
                <td className="py-1 pr-2">
                  <input
                    name={`minAge_${k.kind}`}
                    inputMode="numeric"
                    aria-label={`${k.label} youngest age`}
                    className="input w-16 py-1"
                    defaultValue={k.minAge}
                  />
                </td>
                <td className="py-1 pr-2">
                  <input
                    name={`maxAge_${k.kind}`}
                    inputMode="numeric"
                    aria-label={`${k.label} oldest age`}
                    className="input w-16 py-1"
                    defaultValue={k.maxAge}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <FieldErrors id={`${id("kinds")}-error`} errors={errors.kinds} />
      </fieldset>
      <FieldErrors id={`${id("form")}-error`} errors={errors.form} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className="btn btn-primary min-h-[44px] w-full"
      >
        {intent === "year-create" ? "Open the year" : "Save the year"}
      </button>
    </Form>
  );
}
