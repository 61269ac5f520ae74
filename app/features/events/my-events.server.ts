import type { User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { CARD_PAGE, shownCount } from "~/lib/paging";
import { statement } from "~/lib/prepared.server";
import { apiRows, cardRows, type CardRow } from "./event-rows.server";
import { presentEventCard } from "./presenters.server";
import { pendingChangesFor } from "./revisions.server";
import { todayFor, withDistance } from "./search.server";

/**
 * A rider's saved list, soonest first: the events they saved and may still
 * see (approved ones, or any for an administrator), less the ones they
 * created (those are in Created). The one statement of that rule, for My
 * Events' cards, the saved-events API and the calendar feed, each with the
 * columns it reads; compiled once per connection and column list.
 *
 * CROSS JOIN keeps the rider's saves as the outer loop. Without statistics (the app never runs
 * ANALYZE) the planner otherwise walked every approved event in date order to skip the sort,
 * probing the saves for each: 250 ms at 100,000 events (bench/README.md, "Profiles"). Tested by
 * tests/api/query-plans.test.ts.
 */
function savedRows(db: Db, user: User, columns: string) {
  const approved = user.isAdmin ? "" : " AND e.showbill_approved = 1";
  const saved = statement(
    db,
    `SELECT ${columns} FROM saved_events s CROSS JOIN events e ON e.id = s.event_id
     WHERE s.user_id = @userId AND (e.created_by IS NULL OR e.created_by <> @userId)${approved} ORDER BY e.date`,
  );
  return saved.raw(true).all({ userId: user.id }) as unknown[][];
}

/**
 * The saved list as the API and the calendar feed give it: each event with
 * the API's fields and its calendar sequence, and the save itself.
 */
export function listSaved(db: Db, user: User) {
  return savedRows(db, user, `s.id, s.saved_at, e.sequence, ${apiRows.columns}`).map(([id, savedAt, sequence, ...event]) => {
    const row = apiRows.read(event);
    return {
      event: { ...row, sequence: sequence as number },
      savedEvent: { id: id as number, userId: user.id, eventId: row.id, savedAt: new Date(savedAt as number) },
    };
  });
}

/** The events a rider created, approved or not, soonest first, with the columns the caller reads. */
function createdRows(db: Db, user: User, columns: string) {
  return statement(db, `SELECT ${columns} FROM events e WHERE e.created_by = ? ORDER BY e.date`).raw(true).all(user.id) as unknown[][];
}

/** The created list as the API gives it, with the API's fields. */
export function listCreated(db: Db, user: User) {
  return createdRows(db, user, apiRows.columns).map((row) => apiRows.read(row));
}

/** My Events' saved cards: the columns a card shows (event-rows.server.ts). */
function savedCards(db: Db, user: User): CardRow[] {
  return savedRows(db, user, cardRows.columns).map((row) => cardRows.read(row));
}

function createdCards(db: Db, user: User): CardRow[] {
  return createdRows(db, user, cardRows.columns).map((row) => cardRows.read(row));
}

/** My Events folders. Past = ended before the rider's today, newest first; Saved and Created hold the rest. */
export function myEvents(db: Db, user: User, now = new Date()) {
  const today = todayFor(user.homeZipCode, now);
  const ended = (e: CardRow) => (e.endDate || e.date) < today;
  const saved = savedCards(db, user);
  const created = createdCards(db, user);
  const past = [...saved, ...created].filter(ended).sort((a, b) => (b.endDate || b.date).localeCompare(a.endDate || a.date));
  return {
    saved: withDistance(saved.filter((e) => !ended(e)), user.homeZipCode),
    created: withDistance(created.filter((e) => !ended(e)), user.homeZipCode),
    past: withDistance(past, user.homeZipCode),
    savedIds: new Set(saved.map((e) => e.id)),
  };
}

const FOLDERS = ["saved", "created", "past"] as const;
/** A folder of the My Events screen; the screen names each (app/routes/events.tsx). */
export type MyEventsFolder = (typeof FOLDERS)[number];

/**
 * The My Events screen: the folder asked for (`?folder=`, Saved by default)
 * as cards, 12 at a time (`?shown=` for more), and every folder's count. Only
 * the folder shown travels as cards (the page's hydration data too).
 */
export function myEventsPage(db: Db, user: User, url: URL) {
  const asked = url.searchParams.get("folder");
  const folder = FOLDERS.find((f) => f === asked) ?? "saved";
  const mine = myEvents(db, user);
  const all = mine[folder];
  const shown = all.slice(0, shownCount(url, "shown", CARD_PAGE, Math.max(CARD_PAGE, all.length)));
  const pending = pendingChangesFor(db, user, shown.map((l) => l.event));
  return {
    folder,
    counts: { saved: mine.saved.length, created: mine.created.length, past: mine.past.length },
    list: shown.map((l) =>
      presentEventCard(l.event, { distance: l.distance, viewerId: user.id, saved: mine.savedIds.has(l.event.id), pendingChange: pending.get(l.event.id) }),
    ),
    more: all.length > shown.length ? shown.length + CARD_PAGE : null,
  };
}
