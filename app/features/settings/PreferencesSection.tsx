import { Form } from "@remix-run/react";
import { RADIUS_OPTIONS } from "~/schemas/constants";

export function PreferencesSection({ radius }: { radius: number }) {
  return (
    <Form method="post" action="/settings/account" className="card space-y-2">
      <input type="hidden" name="intent" value="preferences" />
      <h2 className="font-bold text-gray-900">Preferences</h2>
      <label htmlFor="pref-radius" className="label">
        Default search radius
      </label>
      <div className="flex gap-2">
        <select id="pref-radius" name="searchRadius" defaultValue={String(radius)} className="input">
          {RADIUS_OPTIONS.map((r) => (
            <option key={r} value={r}>
              {r} miles
            </option>
          ))}
        </select>
        <button type="submit" className="btn-secondary">
          Save
        </button>
      </div>
    </Form>
  );
}
