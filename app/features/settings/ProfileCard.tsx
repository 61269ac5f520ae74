import { Form } from "@remix-run/react";
import { Avatar } from "~/components/Avatar";
import { useState } from "react";
import { FieldErrors } from "~/components/Field";
import { FormError } from "~/components/FormError";
import type { CurrentUser } from "~/features/auth/presenters.server";
import type { ProfileFormRefusal } from "./profile-form.server";
import { BIO_MAX, DIVISIONS, RIDER_TYPES } from "~/schemas/constants";
import { maxSizeLabel, UPLOAD_RULES } from "~/schemas/uploads";

/**
 * The profile card; the edit icon opens edit mode (?edit=profile, so it
 * works without JavaScript) and Cancel returns to the saved profile.
 * Only changed values are applied (settings.server applyProfileChanges).
 * The form answers on /settings: a refusal comes back with each message by
 * its field and every value as typed, with or without JavaScript.
 */
export function ProfileCard({ user, editing, horses, refused }: { user: CurrentUser; editing: boolean; horses: string[]; refused?: ProfileFormRefusal | null }) {
  const typed = refused?.values ?? {};
  const errors = refused?.fields ?? {};
  const [bio, setBio] = useState(typed.bio ?? user.bio ?? "");
  const fieldProps = (name: keyof ProfileFormRefusal["values"]) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `p-${name}-error` : undefined,
  });
  const fieldError = (name: keyof ProfileFormRefusal["values"]) => <FieldErrors id={`p-${name}-error`} errors={errors[name] ? [errors[name]!] : null} />;
  if (!editing) {
    return (
      <section className="card" aria-label="Your profile">
        <div className="flex items-center gap-4">
          <Avatar name={user.firstName} src={user.profileImageUrl} size={64} />
          <div className="min-w-0 flex-1">
            <p className="text-lg font-bold text-gray-900">
              {user.firstName} {user.lastName}
            </p>
            <p className="text-gray-700">
              {user.riderType}
              {user.division ? ` · ${user.division}` : ""}
            </p>
            {user.homeZipCode ? <p className="text-gray-700">ZIP {user.homeZipCode}</p> : null}
          </div>
          <a data-discover href="?edit=profile" className="btn-ghost -m-2 h-11 w-11 shrink-0 self-start px-0" aria-label="Edit profile">
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
              <path d="M15.2 5.2l3.6 3.6M4 20l4.5-1 10-10a2.5 2.5 0 00-3.5-3.5l-10 10L4 20z" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </a>
        </div>
        {/* The details take the card's whole width: beside the picture an address or a ZIP broke mid-word on a phone. */}
        <p className="mt-3 break-words text-gray-700">
          {user.email}{" "}
          {user.emailVerified ? (
            <span className="text-green-700" aria-label="Verified">
              ✓
            </span>
          ) : (
            <span className="whitespace-nowrap rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">Unverified</span>
          )}
        </p>
        {user.favoriteHorse ? <p className="text-gray-700">Favorite horse: {user.favoriteHorse}</p> : null}
        {user.bio ? <p className="mt-2 text-gray-800">{user.bio}</p> : null}
      </section>
    );
  }
  const select = (name: "riderType" | "division" | "favoriteHorse", label: string, saved: string, options: readonly string[], none?: string) => (
    <div>
      <label htmlFor={`p-${name}`} className="label">
        {label}
      </label>
      <select id={`p-${name}`} name={name} defaultValue={typed[name] ?? saved} className="input" {...fieldProps(name)}>
        {none ? <option value="none">{none}</option> : null}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {fieldError(name)}
    </div>
  );
  return (
    <div className="card space-y-4">
    <Form method="post" action="/settings/account" encType="multipart/form-data" className="flex flex-wrap items-end gap-2" aria-label="Profile picture">
      <input type="hidden" name="intent" value="avatar" />
      <div className="min-w-0 flex-1">
        <label htmlFor="p-picture" className="label">
          Profile picture (an image up to {maxSizeLabel("avatar")})
        </label>
        <input id="p-picture" name="picture" type="file" accept={UPLOAD_RULES.avatar.accept} required className="block w-full text-sm file:mr-3 file:min-h-[44px] file:rounded-lg file:border-0 file:bg-brand-100 file:px-3 file:font-semibold file:text-brand-900" />
      </div>
      <button type="submit" className="btn-secondary">
        Upload
      </button>
    </Form>
    <Form method="post" action="/settings?edit=profile" className="space-y-3" aria-label="Edit profile" noValidate>
      <input type="hidden" name="intent" value="profile" />
      <h2 className="font-bold text-gray-900">Edit profile</h2>
      {refused ? <FormError message={errors[""] ?? "Your profile was not saved: check the fields marked below."} /> : null}
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor="p-firstName" className="label">
            First name
          </label>
          <input id="p-firstName" name="firstName" defaultValue={typed.firstName ?? user.firstName} className="input" required {...fieldProps("firstName")} />
          {fieldError("firstName")}
        </div>
        <div>
          <label htmlFor="p-lastName" className="label">
            Last name
          </label>
          <input id="p-lastName" name="lastName" defaultValue={typed.lastName ?? user.lastName} className="input" {...fieldProps("lastName")} />
          {fieldError("lastName")}
        </div>
      </div>
      <div>
        <label htmlFor="p-zip" className="label">
          Home ZIP code
        </label>
        <input id="p-zip" name="homeZipCode" defaultValue={typed.homeZipCode ?? user.homeZipCode ?? ""} inputMode="numeric" maxLength={5} className="input" {...fieldProps("homeZipCode")} />
        {fieldError("homeZipCode")}
      </div>
      {select("riderType", "Rider type", user.riderType, RIDER_TYPES)}
      {select("division", "Division", user.division ?? "none", DIVISIONS, "None")}
      {select("favoriteHorse", "Favorite horse", user.favoriteHorse ?? "none", horses, horses.length ? "None" : "Log a run to pick a horse")}
      <div>
        <label htmlFor="p-bio" className="label">
          Bio
        </label>
        <textarea id="p-bio" name="bio" rows={3} value={bio} onChange={(e) => setBio(e.target.value)} className="input" aria-invalid={errors.bio ? true : undefined} aria-describedby={errors.bio ? "p-bio-count p-bio-error" : "p-bio-count"} />
        <p id="p-bio-count" className={`mt-1 text-right text-sm ${bio.length > BIO_MAX ? "font-semibold text-red-700" : "text-gray-600"}`}>
          {bio.length}/{BIO_MAX}
        </p>
        {fieldError("bio")}
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary flex-1">
          Save
        </button>
        <a data-discover href="/settings" className="btn-secondary flex-1">
          Cancel
        </a>
      </div>
    </Form>
    </div>
  );
}
