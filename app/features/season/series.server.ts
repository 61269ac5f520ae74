import { and, asc, eq, ne, sql } from "drizzle-orm";
import { events, series, seriesEvents, type Series, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { canEditEvent, canViewEvent } from "~/features/events/policies.server";
import type { SeriesInput, SeriesUpdate } from "~/schemas/season";
import { DEFAULT_SEASON_RULES, seasonRules } from "./standings";
import { afterEventCounted } from "./season.server";
import { recomputeSeries } from "./sync.server";

/*
 * A series is the association office's (an admin's): its season, the
 * classes it counts and how points add up. Producers ask for their events
 * to count; an admin approves, as with showbills.
 */

type Viewer = Pick<User, "id" | "isAdmin">;

export { seasonRules };

/** A series as the API answers it: its rules, not which administrator made it. */
export function presentSeries(row: Series) {
  const { createdBy: _createdBy, ...shown } = row;
  return shown;
}

export function listSeries(db: Db): Series[] {
  return db.select().from(series).orderBy(asc(series.startDate), asc(series.name)).all();
}

export function getSeries(db: Db, id: string): Series {
  const row = db.select().from(series).where(eq(series.id, id)).get();
  if (!row) throw new HttpError(404, "Series not found");
  return row;
}

/**
 * Two series never share a name (a producer asking to count, a rider's
 * standings and the CSV all name a series by it), compared without case or
 * the spaces around it. Refused beside the Name field.
 */
function assertNameFree(db: Db, name: string, exceptId?: string) {
  const key = name.trim().toLowerCase();
  const sameName = sql`lower(trim(${series.name})) = ${key}`;
  const taken = db
    .select({ id: series.id })
    .from(series)
    .where(exceptId ? and(sameName, ne(series.id, exceptId)) : sameName)
    .get();
  if (!taken) return;
  const message = `A series named "${name.trim()}" already exists: give this one another name`;
  throw new HttpError(409, message, { errors: { name: [message] } });
}

export function createSeries(db: Db, admin: Viewer, input: SeriesInput): Series {
  assertNameFree(db, input.name);
  return db
    .insert(series)
    .values({
      name: input.name,
      startDate: input.startDate,
      endDate: input.endDate,
      classNames: input.classNames,
      pointsTable: input.pointsTable ?? DEFAULT_SEASON_RULES.pointsTable,
      bestOf: input.bestOf ?? null,
      tieBreakers: input.tieBreakers ?? DEFAULT_SEASON_RULES.tieBreakers,
      qualifyMinRaces: input.qualifyMinRaces ?? DEFAULT_SEASON_RULES.qualifyMinRaces,
      qualifyTop: input.qualifyTop ?? DEFAULT_SEASON_RULES.qualifyTop,
      membersOnly: input.membersOnly ?? false,
      pointsFrom: input.pointsFrom ?? "MEMBERSHIP_START",
      pointsBy: input.pointsBy ?? "PLACE_AMONG_MEMBERS",
      createdBy: admin.id,
    })
    .returning()
    .get();
}

/** Any change of dates, classes or counting rules recomputes the series from its published results. */
export function updateSeries(db: Db, id: string, input: SeriesUpdate): Series {
  const current = getSeries(db, id);
  const next = { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as Series;
  if (next.endDate < next.startDate) throw new HttpError(400, "Season end must be on or after its start");
  if (input.name !== undefined) assertNameFree(db, input.name, id);
  return db.transaction(() => {
    const row = db
      .update(series)
      .set({
        name: next.name,
        startDate: next.startDate,
        endDate: next.endDate,
        classNames: next.classNames,
        pointsTable: next.pointsTable,
        bestOf: input.bestOf === null ? null : next.bestOf,
        tieBreakers: next.tieBreakers,
        qualifyMinRaces: next.qualifyMinRaces,
        qualifyTop: next.qualifyTop,
        membersOnly: next.membersOnly,
        pointsFrom: next.pointsFrom,
        pointsBy: next.pointsBy,
      })
      .where(eq(series.id, id))
      .returning()
      .get();
    recomputeSeries(db, id);
    return row;
  });
}

export function deleteSeries(db: Db, id: string) {
  getSeries(db, id);
  db.delete(series).where(eq(series.id, id)).run();
}

export type SeriesEventRow = { eventId: string; name: string; date: string; location: string; status: "PENDING" | "APPROVED" | "REJECTED"; requestedAt: Date };

/** The events of a series; the public sees approved ones, admins every request. */
export function seriesEventList(db: Db, viewer: Viewer | null, seriesId: string): SeriesEventRow[] {
  const rows = db
    .select({ eventId: events.id, name: events.name, date: events.date, location: events.location, status: seriesEvents.status, requestedAt: seriesEvents.requestedAt })
    .from(seriesEvents)
    .innerJoin(events, eq(events.id, seriesEvents.eventId))
    .where(eq(seriesEvents.seriesId, seriesId))
    .orderBy(asc(events.date), asc(events.name))
    .all();
  return viewer?.isAdmin ? rows : rows.filter((row) => row.status === "APPROVED");
}

/**
 * A producer asks for their event to count (an admin's request is approved
 * at once). The event must fall inside the season; asking again after a
 * refusal asks anew.
 */
export function requestSeriesJoin(db: Db, viewer: Viewer, seriesId: string, eventId: string) {
  const row = getSeries(db, seriesId);
  const event = db.select().from(events).where(eq(events.id, eventId)).get();
  if (!event || !canViewEvent(viewer, event)) throw new HttpError(404, "Event not found");
  if (!canEditEvent(viewer, event)) throw new HttpError(403, "Only the event's producer can ask for it to count");
  if (event.date < row.startDate || event.date > row.endDate) {
    throw new HttpError(400, `This event is not in the ${row.name} season (${row.startDate} to ${row.endDate})`);
  }
  const existing = db
    .select()
    .from(seriesEvents)
    .where(and(eq(seriesEvents.seriesId, seriesId), eq(seriesEvents.eventId, eventId)))
    .get();
  if (existing && existing.status !== "REJECTED") {
    return { status: existing.status, message: existing.status === "APPROVED" ? "This event already counts in the series" : "Already asked: waiting for the association's answer" };
  }
  const status = viewer.isAdmin ? ("APPROVED" as const) : ("PENDING" as const);
  db.transaction(() => {
    db.insert(seriesEvents)
      .values({ seriesId, eventId, status, requestedBy: viewer.id, reviewedBy: viewer.isAdmin ? viewer.id : null, reviewedAt: viewer.isAdmin ? new Date() : null })
      .onConflictDoUpdate({
        target: [seriesEvents.seriesId, seriesEvents.eventId],
        set: { status, requestedBy: viewer.id, requestedAt: new Date(), reviewedBy: viewer.isAdmin ? viewer.id : null, reviewedAt: viewer.isAdmin ? new Date() : null },
      })
      .run();
    if (status === "APPROVED") afterEventCounted(db, seriesId, eventId, true);
  });
  return { status, message: status === "APPROVED" ? "Event added to the series" : "Asked: the association will answer" };
}

/** An admin's answer. Approving counts the event's published results at once; refusing (or withdrawing) removes them. */
export function reviewSeriesJoin(db: Db, admin: Viewer, seriesId: string, eventId: string, approved: boolean) {
  getSeries(db, seriesId);
  const existing = db
    .select()
    .from(seriesEvents)
    .where(and(eq(seriesEvents.seriesId, seriesId), eq(seriesEvents.eventId, eventId)))
    .get();
  if (!existing) throw new HttpError(404, "This event has not asked to join the series");
  const status = approved ? ("APPROVED" as const) : ("REJECTED" as const);
  db.transaction(() => {
    db.update(seriesEvents)
      .set({ status, reviewedBy: admin.id, reviewedAt: new Date() })
      .where(and(eq(seriesEvents.seriesId, seriesId), eq(seriesEvents.eventId, eventId)))
      .run();
    afterEventCounted(db, seriesId, eventId, approved);
  });
  return { status, message: approved ? "Event approved for the series" : "Event not counted in the series" };
}

/** The series an event asked to join, with the answer: for the event's producer on its edit screen. */
export function seriesOfEvent(db: Db, eventId: string) {
  return db
    .select({ seriesId: series.id, name: series.name, status: seriesEvents.status })
    .from(seriesEvents)
    .innerJoin(series, eq(series.id, seriesEvents.seriesId))
    .where(eq(seriesEvents.eventId, eventId))
    .all();
}
