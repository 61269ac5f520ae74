import { Form } from "@remix-run/react";
import {
  ALERT_EMAIL,
  ALERT_EMAIL_LABELS,
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  type AlertPreferences,
} from "~/schemas/alert-channels";
import { ON_DECK_CHOICES, type OnDeckChoice } from "~/schemas/ondeck";
import { PushDeviceToggle } from "./PushDeviceToggle";

/**
 * Alert channels: per kind of alert, email (right away, in the daily digest,
 * or off) and Web Push; the in-app notification always comes. Plain form
 * posts to /settings/alerts, so it works without JavaScript; turning push
 * on for this device needs JavaScript (the browser's push subscription).
 */
export function AlertChannelsSection({
  preferences,
  emailUnsubscribed,
  onDeckRunsOut,
  email,
  vapidPublicKey,
}: {
  preferences: AlertPreferences;
  emailUnsubscribed: boolean;
  onDeckRunsOut: OnDeckChoice;
  email: string;
  vapidPublicKey: string;
}) {
  return (
    <section id="alert-channels" className="card space-y-3" aria-labelledby="alert-channels-title">
      <div>
        <h2 id="alert-channels-title" className="font-bold text-gray-900">
          Alert channels
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          Alerts always show in your notifications. Choose what else reaches you. The daily digest comes at 7 am your time (from your home ZIP).
        </p>
      </div>

      {emailUnsubscribed ? (
        <Form method="post" action="/settings/alerts" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <input type="hidden" name="intent" value="resubscribe" />
          <p>
            <strong>{`Alert email is off for ${email}:`}</strong> it was unsubscribed from an alert email. Nothing below is emailed until you turn it back on.
          </p>
          <button type="submit" className="btn-secondary mt-2 w-full">
            Turn alert email back on
          </button>
        </Form>
      ) : null}

      <Form method="post" action="/settings/alerts" className="space-y-3">
        <input type="hidden" name="intent" value="channels" />
        {ALERT_KINDS.map((kind) => (
          <fieldset key={kind} className="rounded-lg border border-gray-200 p-3">
            <legend className="px-1 font-semibold text-gray-900">{ALERT_KIND_LABELS[kind].title}</legend>
            <p className="text-sm text-gray-700">{ALERT_KIND_LABELS[kind].hint}</p>
            <div className="mt-2 flex flex-wrap items-end gap-x-4 gap-y-2">
              <div className="min-w-0 flex-1">
                <label htmlFor={`alert-${kind}-email`} className="label">
                  Email
                </label>
                <select id={`alert-${kind}-email`} name={`${kind}.email`} defaultValue={preferences[kind].email} className="input">
                  {ALERT_EMAIL.map((value) => (
                    <option key={value} value={value}>
                      {ALERT_EMAIL_LABELS[value]}
                    </option>
                  ))}
                </select>
              </div>
              <label className="flex min-h-[44px] cursor-pointer items-center gap-2 font-medium text-gray-900">
                <input type="checkbox" name={`${kind}.push`} value="on" defaultChecked={preferences[kind].push} className="h-5 w-5 accent-brand-700" />
                Push
              </label>
            </div>
          </fieldset>
        ))}
        <fieldset className="rounded-lg border border-gray-200 p-3">
          <legend className="px-1 font-semibold text-gray-900">On deck</legend>
          <p className="text-sm text-gray-700">On race day, a notification and a push when your entry (or a rider you manage) is this many runs from the gate</p>
          <label htmlFor="alert-ondeck" className="label mt-2">
            Tell me
          </label>
          <select id="alert-ondeck" name="onDeckRunsOut" defaultValue={onDeckRunsOut === null ? "off" : String(onDeckRunsOut)} className="input">
            {ON_DECK_CHOICES.map((n) => (
              <option key={n} value={String(n)}>{`${n} runs out`}</option>
            ))}
            <option value="off">Off</option>
          </select>
        </fieldset>
        <button type="submit" className="btn-primary w-full">
          Save alert channels
        </button>
      </Form>

      <PushDeviceToggle vapidPublicKey={vapidPublicKey} />
    </section>
  );
}
