import { Form } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/lib/useHydrated";
import { PRIVACY_LABELS, PRIVACY_MODES, type PrivacyMode } from "~/schemas/constants";

/** Privacy & Visibility: picking another mode shows Save and Cancel; Save sends the profile update. */
export function PrivacySection({ mode }: { mode: PrivacyMode }) {
  const [draft, setDraft] = useState(mode);
  const changed = draft !== mode;
  const hydrated = useHydrated();
  return (
    <Form method="post" action="/settings/account" className="card" aria-labelledby="privacy-title" onReset={() => setDraft(mode)}>
      <input type="hidden" name="intent" value="privacy" />
      <h2 id="privacy-title" className="font-bold text-gray-900">
        Privacy &amp; Visibility
      </h2>
      <fieldset className="mt-2 space-y-2">
        <legend className="sr-only">Who can see your profile and runs</legend>
        {PRIVACY_MODES.map((m) => (
          <label key={m} className="flex min-h-[44px] cursor-pointer items-start gap-3 rounded-lg border border-gray-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
            <input type="radio" name="privacyMode" value={m} defaultChecked={m === mode} onChange={() => setDraft(m)} className="mt-1 h-5 w-5 shrink-0 accent-brand-700" />
            <span>
              <span className="block font-semibold">{PRIVACY_LABELS[m].label}</span>
              <span className="block text-sm text-gray-700">{PRIVACY_LABELS[m].description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {/* Without JavaScript the buttons always show; with it, only once the mode changed. */}
      <div className={`mt-3 flex gap-2 ${hydrated && !changed ? "hidden" : ""}`}>
        <button type="submit" className="btn-primary flex-1">
          Save
        </button>
        <button type="reset" className="btn-secondary flex-1">
          Cancel
        </button>
      </div>
      <p className="mt-2 text-sm text-gray-600">
        Pending follow requests stay pending when you change mode: you still approve or decline each one. <a data-discover href="/notifications" className="link">See requests</a>
      </p>
    </Form>
  );
}
