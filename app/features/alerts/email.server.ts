import { and, asc, eq, inArray } from "drizzle-orm";
import { alertDigestItems, jobs, users, type AlertKind, type Job } from "#db/schema";
import { zoneOfZip } from "~/features/events/zones.server";
import { config } from "~/lib/config.server";
import type { Db } from "~/lib/db.server";
import { sendMail, type Mail } from "~/lib/mail.server";
import { ALERT_KIND_LABELS, ALERT_KINDS } from "~/schemas/alert-channels";
import { APP_NAME } from "~/schemas/constants";
import { enqueueJob } from "./jobs.server";
import { nextDigest } from "./digest-time";
import { isUnsubscribed, unsubscribeUrl } from "./unsubscribe.server";

/**
 * The email channel of alerts: one mail per alert (job `alert-email`), or
 * the alerts of a day gathered into one digest at 7:00 the rider's time
 * (job `alert-digest`). Whether to send is decided when the job runs, not
 * when the alert was raised: a rider banned or deleted meanwhile, or an
 * address unsubscribed meanwhile, gets nothing. Every mail carries a link
 * that unsubscribes the address without signing in, and the List-Unsubscribe
 * headers (one-click, RFC 8058) that mail apps show as an Unsubscribe button.
 */

/** What one alert says; the payload of an `alert-email` job, and one line of a digest. */
export type AlertMessage = { userId: string; kind: AlertKind; title: string; message: string; url: string };

type Recipient = { email: string; firstName: string };

/** The rider to write to now, or null: gone, banned, or their address unsubscribed. */
function recipient(db: Db, userId: string): Recipient | null {
  const user = db
    .select({ email: users.email, firstName: users.firstName, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user?.isActive || isUnsubscribed(db, user.email)) return null;
  return user;
}

const absolute = (url: string) => new URL(url, config().appOrigin).href;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function unsubscribeHeaders(email: string) {
  return { "List-Unsubscribe": `<${unsubscribeUrl(email)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

function footer(email: string) {
  const settings = absolute("/settings#alert-channels");
  const unsubscribe = unsubscribeUrl(email);
  return {
    text: `You get this email because of your alert settings on ${APP_NAME}. Choose how alerts reach you: ${settings}\nUnsubscribe from alert emails: ${unsubscribe}\n`,
    html: `<p style="font-size:13px;color:#6b7280;border-top:1px solid #e5e7eb;padding-top:12px">You get this email because of your alert settings on ${APP_NAME}. <a href="${escape(settings)}" style="color:#843f19">Choose how alerts reach you</a>.<br><a href="${escape(unsubscribe)}" style="color:#843f19">Unsubscribe from alert emails</a></p>`,
  };
}

function page(title: string, body: string) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#fdf6ee;padding:24px;color:#1f2937">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;color:#843f19">${escape(title)}</h1>
${body}
</div></body></html>`;
}

function alertEmail(to: Recipient, alert: AlertMessage): Mail {
  const link = absolute(alert.url);
  const end = footer(to.email);
  return {
    to: to.email,
    subject: alert.title,
    headers: unsubscribeHeaders(to.email),
    text: `Hi ${to.firstName},\n\n${alert.message}\n\nOpen it: ${link}\n\n--\n${end.text}`,
    html: page(
      alert.title,
      `<p>Hi ${escape(to.firstName)},</p><p>${escape(alert.message)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#a4541b;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Open in ${APP_NAME}</a></p>
${end.html}`,
    ),
  };
}

function digestEmail(to: Recipient, items: Omit<AlertMessage, "userId">[]): Mail {
  const end = footer(to.email);
  const title = items.length === 1 ? `Your ${APP_NAME} alert: ${items[0]!.title}` : `Your ${APP_NAME} alerts: ${items.length} updates`;
  // Changes first, then every other kind: a kind left out here would be dropped from the digest.
  const order = ["change", "reminder", "match", ...ALERT_KINDS.filter((k) => k !== "change" && k !== "reminder" && k !== "match")] as const;
  const sections = order
    .map((kind) => ({ kind, items: items.filter((i) => i.kind === kind) }))
    .filter((s) => s.items.length > 0);
  const text = sections
    .map((s) => `${ALERT_KIND_LABELS[s.kind].title}\n\n${s.items.map((i) => `- ${i.title}\n  ${i.message}\n  ${absolute(i.url)}`).join("\n\n")}`)
    .join("\n\n");
  const html = sections
    .map(
      (s) =>
        `<h2 style="font-size:16px;margin-top:20px">${escape(ALERT_KIND_LABELS[s.kind].title)}</h2>` +
        s.items
          .map(
            (i) =>
              `<p><a href="${escape(absolute(i.url))}" style="color:#843f19;font-weight:600">${escape(i.title)}</a><br>${escape(i.message)}</p>`,
          )
          .join(""),
    )
    .join("");
  return {
    to: to.email,
    subject: title,
    headers: unsubscribeHeaders(to.email),
    text: `Hi ${to.firstName}, here is what happened since your last digest.\n\n${text}\n\n--\n${end.text}`,
    html: page(`Your ${APP_NAME} alerts`, `<p>Hi ${escape(to.firstName)}, here is what happened since your last digest.</p>${html}${end.html}`),
  };
}

/** The `alert-email` job: one mail for one alert. */
export async function runAlertEmail(db: Db, job: Job) {
  const alert = job.payload as AlertMessage;
  const to = recipient(db, alert.userId);
  if (to) await sendMail(alertEmail(to, alert));
}

/** The zone of the rider's home ZIP (its state's), where 7:00 is counted. */
function riderZone(db: Db, userId: string) {
  const user = db.select({ zip: users.homeZipCode }).from(users).where(eq(users.id, userId)).get();
  return zoneOfZip(user?.zip);
}

/**
 * Puts an alert into the rider's next daily digest: the item, and the
 * digest's job (one per rider and local day, so the key makes it once).
 */
export function addToDigest(db: Db, alert: AlertMessage, now: Date) {
  const { day, dueAt } = nextDigest(riderZone(db, alert.userId), now);
  db.transaction(() => {
    db.insert(alertDigestItems).values({ userId: alert.userId, kind: alert.kind, title: alert.title, message: alert.message, url: alert.url, createdAt: now }).run();
    enqueueJob(db, { kind: "alert-digest", key: `digest:${alert.userId}:${day}`, dueAt, payload: { userId: alert.userId } });
  });
}

type DigestPayload = { userId: string; items?: Omit<AlertMessage, "userId">[] };

/**
 * The `alert-digest` job. The rider's waiting items are first moved into
 * the job itself (deleted from alert_digest_items in the same transaction),
 * so a retry after a failed send mails the same items, and an alert added
 * meanwhile waits for the next digest instead of being mailed twice.
 */
export async function runAlertDigest(db: Db, job: Job) {
  const payload = job.payload as DigestPayload;
  const items =
    payload.items ??
    db.transaction(() => {
      const rows = db
        .select()
        .from(alertDigestItems)
        .where(eq(alertDigestItems.userId, payload.userId))
        .orderBy(asc(alertDigestItems.createdAt), asc(alertDigestItems.id))
        .all();
      if (rows.length > 0) db.delete(alertDigestItems).where(inArray(alertDigestItems.id, rows.map((r) => r.id))).run();
      const claimed = rows.map(({ kind, title, message, url }) => ({ kind, title, message, url }));
      db.update(jobs)
        .set({ payload: { ...payload, items: claimed } })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, "running")))
        .run();
      return claimed;
    });
  if (items.length === 0) return;
  const to = recipient(db, payload.userId);
  if (to) await sendMail(digestEmail(to, items));
}
