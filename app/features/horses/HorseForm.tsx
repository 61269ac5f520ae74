import { Form } from "@remix-run/react";
import { Field, fieldAria, FieldErrors } from "~/components/Field";
import { FormError } from "~/components/FormError";
import type { FormResult } from "~/features/auth/useFormChecks";
import { HORSE_COLORS, HORSE_LIMITS, HORSE_SEX_LABELS, HORSE_SEXES } from "~/schemas/horses";
import { maxSizeLabel, UPLOAD_RULES } from "~/schemas/uploads";

type HorseValues = {
  name: string;
  registeredName: string | null;
  yearFoaled: number | null;
  sex: string | null;
  color: string | null;
  notes: string | null;
  riderId: number | null;
  photoUrl: string | null;
};

/**
 * A horse's fields: the add form (name and rider, the rest optional) and the
 * edit form (every field and the photo). A plain multipart POST: the photo
 * travels with it, with or without JavaScript; the server checks everything.
 */
export function HorseForm({
  horse,
  riders,
  result,
  idPrefix,
  full,
}: {
  horse?: HorseValues;
  riders: { id: number; name: string }[];
  result?: FormResult | null;
  idPrefix: string;
  /** Every field (the edit form); else name, rider and the photo. */
  full: boolean;
}) {
  const sent = (result?.initialValue ?? null) as Record<string, unknown> | null;
  const value = (name: keyof HorseValues) => {
    const v = sent ? sent[name] : horse?.[name];
    return v === null || v === undefined ? undefined : String(v);
  };
  const errors = (name: string) => result?.error?.[name] ?? undefined;
  const id = (name: string) => `${idPrefix}-${name}`;
  const formError = result?.error?.[""]?.[0];
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3" noValidate>
      <input type="hidden" name="intent" value={horse ? "update" : "create"} />
      <FormError message={formError} />
      <Field id={id("name")} label="Name" name="name" required autoComplete="off" maxLength={HORSE_LIMITS.name} defaultValue={value("name")} errors={errors("name")} />
      {riders.length ? (
        <div>
          <label htmlFor={id("riderId")} className="label">
            Ridden by
          </label>
          <select id={id("riderId")} name="riderId" className="input" defaultValue={value("riderId") ?? "none"} {...fieldAria(id("riderId"), errors("riderId"))}>
            <option value="none">Me</option>
            {riders.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
          <FieldErrors id={`${id("riderId")}-error`} errors={errors("riderId")} />
        </div>
      ) : null}
      {full ? (
        <>
          <Field id={id("registeredName")} label="Registered name" name="registeredName" autoComplete="off" maxLength={HORSE_LIMITS.registeredName} defaultValue={value("registeredName")} errors={errors("registeredName")} />
          <div className="grid grid-cols-2 gap-3">
            <Field id={id("yearFoaled")} label="Year foaled" name="yearFoaled" inputMode="numeric" autoComplete="off" placeholder="2016" maxLength={4} defaultValue={value("yearFoaled")} errors={errors("yearFoaled")} />
            <div>
              <label htmlFor={id("sex")} className="label">
                Sex
              </label>
              <select id={id("sex")} name="sex" className="input" defaultValue={value("sex") ?? ""} {...fieldAria(id("sex"), errors("sex"))}>
                <option value="">Not given</option>
                {HORSE_SEXES.map((s) => (
                  <option key={s} value={s}>
                    {HORSE_SEX_LABELS[s]}
                  </option>
                ))}
              </select>
              <FieldErrors id={`${id("sex")}-error`} errors={errors("sex")} />
            </div>
          </div>
          <div>
            <Field id={id("color")} label="Color" name="color" list={id("colors")} autoComplete="off" placeholder="Sorrel, bay, palomino…" maxLength={HORSE_LIMITS.color} defaultValue={value("color")} errors={errors("color")} />
            <datalist id={id("colors")}>
              {HORSE_COLORS.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
          <div>
            <label htmlFor={id("notes")} className="label">
              Notes
            </label>
            <textarea id={id("notes")} name="notes" rows={3} className="input min-h-[88px]" maxLength={HORSE_LIMITS.notes} defaultValue={value("notes")} {...fieldAria(id("notes"), errors("notes"))} />
            <FieldErrors id={`${id("notes")}-error`} errors={errors("notes")} />
          </div>
        </>
      ) : null}
      <div>
        <label htmlFor={id("photo")} className="label">
          {horse?.photoUrl ? "Replace the photo" : "Photo"}
        </label>
        <input
          id={id("photo")}
          name="photo"
          type="file"
          accept={UPLOAD_RULES.horse.accept}
          className="block w-full text-sm text-gray-800 file:mr-3 file:min-h-[44px] file:rounded-lg file:border-0 file:bg-brand-100 file:px-4 file:font-semibold file:text-brand-900"
          {...fieldAria(id("photo"), errors("photo"), `${id("photo")}-hint`)}
        />
        <p id={`${id("photo")}-hint`} className="mt-1 text-sm text-gray-600">
          An image up to {maxSizeLabel("horse")}; location data is removed.
        </p>
        <FieldErrors id={`${id("photo")}-error`} errors={errors("photo")} />
      </div>
      <button type="submit" className="btn-primary w-full">
        {horse ? "Save Horse" : "Add Horse"}
      </button>
    </Form>
  );
}
