import { useFetcher, useLocation } from "@remix-run/react";
import { ALERT_EMAIL_CHOICES, ALERT_EMAIL_LABELS, SAVED_SEARCH_NAME_MAX, suggestedAlertName } from "~/schemas/saved-search-rules";

/**
 * "Alert me" under a search's results: saves the search just run as an
 * alert (a saved search), with a name and an email choice. A plain form
 * post to /settings/saved-searches that redirects back here with a toast,
 * so it works without JavaScript; with it, a fetcher keeps the page and
 * shows "Saving...".
 */
export function AlertMe({ values }: { values: Record<string, string> }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const saving = fetcher.state !== "idle";
  return (
    <details className="card group/alert p-0">
      <summary className="flex min-h-[44px] cursor-pointer list-none items-center justify-between gap-2 px-4 [&::-webkit-details-marker]:hidden">
        <span className="font-semibold text-gray-900">Alert me about new events like these</span>
        <span aria-hidden className="text-brand-800 group-open/alert:rotate-180">▾</span>
      </summary>
      <fetcher.Form method="post" action="/settings/saved-searches" className="space-y-3 px-4 pb-4">
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
        {Object.entries(values).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
        <div>
          <label htmlFor="alert-name" className="label">
            Alert name
          </label>
          <input
            id="alert-name"
            name="name"
            className="input"
            required
            maxLength={SAVED_SEARCH_NAME_MAX}
            defaultValue={suggestedAlertName(values.location ?? "", values.radius ?? "")}
          />
        </div>
        <div>
          <label htmlFor="alert-email" className="label">
            Email me
          </label>
          <select id="alert-email" name="email" className="input" defaultValue="instant">
            {ALERT_EMAIL_CHOICES.map((c) => (
              <option key={c} value={c}>
                {ALERT_EMAIL_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={saving}>
          {saving ? "Saving..." : "Save alert"}
        </button>
      </fetcher.Form>
    </details>
  );
}
