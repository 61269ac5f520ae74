import { and, eq, sql } from "drizzle-orm";
import { alertPreferences, type AlertKind } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { preparedOnce } from "~/lib/prepared.server";
import {
  ALERT_KINDS,
  DEFAULT_ALERT_CHANNELS,
  type AlertChannels,
  type AlertPreferences,
  type AlertPreferencesUpdate,
} from "~/schemas/alert-channels";
import { isUnsubscribed, resubscribe, unsubscribe } from "./unsubscribe.server";
import { onDeckChoiceOf, setOnDeckChoice } from "~/features/ondeck/ondeck.server";

/** The rider's channels for every kind of alert; a kind without a row has the defaults. */
const preferencesOf = preparedOnce((db) => db.select().from(alertPreferences).where(eq(alertPreferences.userId, sql.placeholder("userId"))).prepare());

function alertPreferencesOf(db: Db, userId: string): AlertPreferences {
  const rows = preferencesOf(db).all({ userId });
  return Object.fromEntries(
    ALERT_KINDS.map((kind) => {
      const row = rows.find((r) => r.kind === kind);
      return [kind, row ? { email: row.email, push: row.push } : { ...DEFAULT_ALERT_CHANNELS }];
    }),
  ) as AlertPreferences;
}

/** The rider's channels for one kind (what sendAlert follows). */
export function channelsFor(db: Db, userId: string, kind: AlertKind): AlertChannels {
  const row = db
    .select({ email: alertPreferences.email, push: alertPreferences.push })
    .from(alertPreferences)
    .where(and(eq(alertPreferences.userId, userId), eq(alertPreferences.kind, kind)))
    .get();
  return row ?? { ...DEFAULT_ALERT_CHANNELS };
}

/** What Settings and GET /api/alert-preferences show. */
export function alertSettings(db: Db, user: { id: string; email: string }) {
  return { preferences: alertPreferencesOf(db, user.id), emailUnsubscribed: isUnsubscribed(db, user.email), onDeckRunsOut: onDeckChoiceOf(db, user.id) };
}

/** Stores what changed (a kind given in part keeps its other field) and answers the result. */
export function updateAlertSettings(db: Db, user: { id: string; email: string }, update: AlertPreferencesUpdate) {
  // One connection, synchronous: the statements below run inside this transaction.
  db.transaction(() => {
    const current = alertPreferencesOf(db, user.id);
    for (const kind of ALERT_KINDS) {
      const change = update.preferences?.[kind];
      if (!change) continue;
      const next = {
        email: change.email ?? current[kind].email,
        push: change.push ?? current[kind].push,
      };
      db.insert(alertPreferences)
        .values({ userId: user.id, kind, ...next })
        .onConflictDoUpdate({ target: [alertPreferences.userId, alertPreferences.kind], set: next })
        .run();
    }
    if (update.emailUnsubscribed === true) unsubscribe(db, user.email);
    if (update.emailUnsubscribed === false) resubscribe(db, user.email);
    if (update.onDeckRunsOut !== undefined) setOnDeckChoice(db, user.id, update.onDeckRunsOut);
  });
  return alertSettings(db, user);
}
