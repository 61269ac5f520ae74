import { Form } from "@remix-run/react";
import { ConfirmAction } from "~/components/ConfirmAction";
import type { SavedSearchView } from "~/features/alerts/saved-searches.server";
import { formatDateRange } from "~/features/events/format";
import { RADIUS_OPTIONS } from "~/schemas/constants";
import { EVENT_TYPE_LABELS, GROUND_LABELS } from "~/schemas/event-labels";
import { ALERT_EMAIL_CHOICES, ALERT_EMAIL_LABELS, MAX_SAVED_SEARCHES, SAVED_SEARCH_NAME_MAX } from "~/schemas/saved-search-rules";

const ACTION = "/settings/saved-searches";

/** "Fort Worth, TX within 50 mi · from Mar 3, 2030 · Indoor · Sand · $1,000+ added · Rodeo". */
function describeSavedSearch(s: SavedSearchView) {
  const parts = [`${s.zipCode ?? s.cityState} within ${s.radius} mi`];
  if (s.startDate && s.endDate) parts.push(formatDateRange(s.startDate, s.endDate));
  else if (s.startDate) parts.push(`from ${formatDateRange(s.startDate)}`);
  else if (s.endDate) parts.push(`until ${formatDateRange(s.endDate)}`);
  if (s.arenaType) parts.push(s.arenaType === "indoor" ? "Indoor" : "Outdoor");
  if (s.groundType) parts.push(GROUND_LABELS[s.groundType as keyof typeof GROUND_LABELS] ?? s.groundType);
  if (s.minAddedMoney != null) parts.push(`$${s.minAddedMoney.toLocaleString("en-US")}+ added`);
  if (s.eventType) parts.push(EVENT_TYPE_LABELS[s.eventType as keyof typeof EVENT_TYPE_LABELS] ?? s.eventType);
  return parts.join(" · ");
}

/**
 * Settings › Alerts: the rider's saved searches with edit (name, radius,
 * email), pause or resume, and delete. Plain forms posted to
 * /settings/saved-searches, so all of it works without JavaScript.
 */
export function SavedSearchesSection({ searches }: { searches: SavedSearchView[] }) {
  return (
    <section className="card" aria-labelledby="alerts-title">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="alerts-title" className="font-bold text-gray-900">
          Alerts
        </h2>
        <span className="text-sm text-gray-600">
          {searches.length} of {MAX_SAVED_SEARCHES}
        </span>
      </div>
      <p className="mt-1 text-sm text-gray-700">We tell you when a new event matches one of your saved searches.</p>
      {searches.length ? (
        <ul className="mt-2 divide-y divide-gray-100" aria-label="Your alerts">
          {searches.map((s) => (
            <SavedSearchRow key={s.id} search={s} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-gray-700">
          No alerts yet. Search events on{" "}
          <a data-discover href="/" className="link">
            Discover
          </a>{" "}
          and choose Alert me.
        </p>
      )}
    </section>
  );
}

function SavedSearchRow({ search: s }: { search: SavedSearchView }) {
  const prefix = `alert-${s.id}`;
  return (
    <li className="space-y-2 py-3">
      <div>
        <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
          <span className="min-w-0 break-words">{s.name}</span>
          {s.paused ? <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">Paused</span> : null}
        </p>
        <p className="text-sm text-gray-700">{describeSavedSearch(s)}</p>
        <p className="text-sm text-gray-600">Email: {ALERT_EMAIL_LABELS[s.email].toLowerCase()}</p>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        <details className="group/edit w-full rounded-lg border border-gray-200 open:p-3 [&:not([open])]:w-auto [&:not([open])]:border-0">
          <summary className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden" aria-label={`Edit ${s.name}`}>
            <span className="group-open/edit:hidden">Edit</span>
            <span className="hidden group-open/edit:inline">Cancel</span>
          </summary>
          <Form method="post" action={ACTION} className="mt-3 space-y-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={s.id} />
            <div>
              <label htmlFor={`${prefix}-name`} className="label">
                Name
              </label>
              <input id={`${prefix}-name`} name="name" className="input" defaultValue={s.name} required maxLength={SAVED_SEARCH_NAME_MAX} />
            </div>
            <div className="grid grid-cols-2 gap-2">
              <div>
                <label htmlFor={`${prefix}-radius`} className="label">
                  Radius
                </label>
                <select id={`${prefix}-radius`} name="radius" className="input" defaultValue={String(s.radius)}>
                  {RADIUS_OPTIONS.map((r) => (
                    <option key={r} value={r}>
                      {r} mi
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${prefix}-email`} className="label">
                  Email me
                </label>
                <select id={`${prefix}-email`} name="email" className="input" defaultValue={s.email}>
                  {ALERT_EMAIL_CHOICES.map((c) => (
                    <option key={c} value={c}>
                      {ALERT_EMAIL_LABELS[c]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <button type="submit" className="btn-primary w-full">
              Save alert
            </button>
          </Form>
        </details>
        <Form method="post" action={ACTION}>
          <input type="hidden" name="id" value={s.id} />
          <button type="submit" name="intent" value={s.paused ? "resume" : "pause"} className="btn-secondary" aria-label={`${s.paused ? "Resume" : "Pause"} ${s.name}`}>
            {s.paused ? "Resume" : "Pause"}
          </button>
        </Form>
        <ConfirmAction
          label="Delete"
          name={`Delete ${s.name}`}
          action={ACTION}
          question={`Delete the alert "${s.name}"? You will no longer hear of new events that match it.`}
          hidden={{ intent: "delete", id: String(s.id) }}
        />
      </div>
    </li>
  );
}
