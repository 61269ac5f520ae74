import type { InputHTMLAttributes, ReactNode } from "react";

type FieldProps = {
  label: string;
  name: string;
  errors?: string[] | null;
  hint?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input whose errors and hint are announced with it. */
export function Field({ label, name, errors, hint, id, ...input }: FieldProps) {
  const inputId = id ?? name;
  const hintId = `${inputId}-hint`;
  return (
    <div>
      <label htmlFor={inputId} className="label">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        className="input"
        {...fieldAria(inputId, errors, hint ? hintId : null)}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${inputId}-error`} errors={errors} />
    </div>
  );
}

/**
 * What ties a control to its messages, for a select or textarea laid out by
 * hand as Field lays out an input: invalid while it has errors, described by
 * its hint and its errors (FieldErrors with the id `${id}-error`).
 */
export function fieldAria(id: string, errors?: string[] | null, hintId?: string | null) {
  const invalid = Boolean(errors?.length);
  return {
    "aria-invalid": invalid || undefined,
    "aria-describedby": [hintId, invalid ? `${id}-error` : null].filter(Boolean).join(" ") || undefined,
  };
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 text-sm font-medium text-red-700">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

// Its own module: a screen with a form-level message but no fields (Discover) loads only that.
export { FormError } from "./FormError";
