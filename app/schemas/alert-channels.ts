import { z } from "zod";
import type { AlertEmail, AlertKind } from "#db/schema";
import { onDeckFromForm, onDeckSchema } from "./ondeck";

/*
 * The database's enumerations (db/schema/alerts.ts), repeated here so the
 * browser's bundle does not carry the schema module; the types keep the two
 * lists the same.
 */
export const ALERT_KINDS = ["match", "change", "reminder", "result", "standing"] as const satisfies readonly AlertKind[];
export const ALERT_EMAIL = ["instant", "daily", "off"] as const satisfies readonly AlertEmail[];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameLists: [Same<AlertKind, (typeof ALERT_KINDS)[number]>, Same<AlertEmail, (typeof ALERT_EMAIL)[number]>] = [true, true];
void sameLists;

/** How one kind of alert reaches a rider besides the in-app notification (always). */
export type AlertChannels = { email: AlertEmail; push: boolean };
export type AlertPreferences = Record<AlertKind, AlertChannels>;

/**
 * A rider who never chose: email at once and Web Push, for every kind.
 * Push only reaches the devices where the rider turned it on, so "on" adds
 * nothing until they do.
 */
export const DEFAULT_ALERT_CHANNELS: AlertChannels = { email: "instant", push: true };

export const ALERT_KIND_LABELS: Record<AlertKind, { title: string; hint: string }> = {
  match: { title: "New matches", hint: "An event posted that fits one of your saved searches" },
  change: { title: "Changes", hint: "A saved event moved, changed place, was postponed or cancelled" },
  reminder: { title: "Reminders", hint: "Entries closing in 48 hours, the day before a saved event, papers expiring" },
  result: { title: "Race results", hint: "Your official time, placing and money when a race you ran publishes or corrects its results" },
  standing: { title: "Season standings", hint: "Your place in a series' standings moved: at once after your own results, at most once a day after others'" },
};

export const ALERT_EMAIL_LABELS: Record<AlertEmail, string> = { instant: "Right away", daily: "Daily digest", off: "Off" };

const EMAIL_MESSAGE = `email must be one of ${ALERT_EMAIL.join(", ")}`;
const channelsSchema = z
  .object({
    email: z.enum(ALERT_EMAIL, { errorMap: () => ({ message: EMAIL_MESSAGE }) }),
    push: z.boolean({ invalid_type_error: "push must be true or false" }),
  })
  .partial()
  .strict();

/** PUT /api/alert-preferences: any of the kinds, any of their fields; `emailUnsubscribed: false` turns alert email back on. */
export const alertPreferencesUpdateSchema = z
  .object({
    preferences: z
      .object(Object.fromEntries(ALERT_KINDS.map((k) => [k, channelsSchema])) as Record<AlertKind, typeof channelsSchema>)
      .partial()
      .strict(),
    emailUnsubscribed: z.boolean({ invalid_type_error: "emailUnsubscribed must be true or false" }),
    /** Told when an entry is this many runs out (10, 5 or 3); null: not at all. */
    onDeckRunsOut: onDeckSchema,
  })
  .partial()
  .strict();
export type AlertPreferencesUpdate = z.infer<typeof alertPreferencesUpdateSchema>;

/** POST /api/push-subscriptions: what PushSubscription.toJSON() gives. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ required_error: "endpoint is required" })
    .max(2048, "endpoint is too long")
    .url("endpoint must be an https URL")
    .refine((u) => u.startsWith("https://"), "endpoint must be an https URL"),
  keys: z.object(
    {
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, "keys.p256dh must be a P-256 public key in base64url"),
      auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, "keys.auth must be the 16-byte auth secret in base64url"),
    },
    { required_error: "keys (p256dh and auth) are required" },
  ),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string({ required_error: "endpoint is required" }).max(2048) });

/** The Settings form: `{kind}.email` selects and `{kind}.push` checkboxes (unchecked: absent, so off). */
export function alertPreferencesFromForm(form: FormData) {
  return alertPreferencesUpdateSchema.safeParse({
    preferences: Object.fromEntries(
      ALERT_KINDS.map((kind) => [kind, { email: form.get(`${kind}.email`) ?? undefined, push: form.get(`${kind}.push`) === "on" }]),
    ),
    ...(form.has("onDeckRunsOut") ? { onDeckRunsOut: onDeckFromForm(form.get("onDeckRunsOut")) ?? "invalid" } : {}),
  });
}
