import { asc, eq } from "drizzle-orm";
import { raceClasses, raceEntries, type RaceClass, type User } from "#db/schema";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { RACE_MESSAGES as M, type RaceDrawInput } from "~/schemas/raceday";
import { findRaceEvent, requireEventPermission } from "./access.server";
import { getClass } from "./classes.server";
import { drawOrder, newDrawSeed } from "./draw";
import { listClassEntries, riderKeyOf } from "./race-runs.server";
import { recordHistory } from "./history.server";
import { raceIsOpenFor } from "./policies.server";
import { changeRace } from "./race-change.server";
import { presentDrawn, type DrawSlot } from "./presenters.server";

/*
 * The draw: the running order of a class, random from a recorded seed (the
 * same seed and entries give the same order, so a draw can be shown again
 * and audited), a rider's horses spaced apart, a drag every few runs, late
 * entries at the end (app/features/raceday/draw.ts). The producer looks at
 * a draw before publishing it; once published it is public and is never
 * drawn again: scratches, moves and late entries change it from then on,
 * each recorded in the event's history.
 */

type Viewer = Pick<User, "id" | "isAdmin">;

/**
 * Draws a class (or, with `publish` alone on a drawn class, publishes the
 * order the producer looked at; on a class not drawn yet, draws and
 * publishes). Only the producer or an admin.
 */
export function drawClass(db: Db, viewer: Viewer, eventId: string, classId: string, input: RaceDrawInput): RaceClass {
  const event = requireEventPermission(db, viewer, eventId, "manage");
  if (!raceIsOpenFor(event)) throw new HttpError(409, M.notApproved);
  return changeRace(db, viewer, eventId, () => {
    const cls = getClass(db, eventId, classId);
    if (cls.sidepotOf) throw new HttpError(409, M.sidepotDraw);
    const redraw = input.seed !== undefined || input.minGap !== undefined || input.dragEvery !== undefined || !input.publish;
    if (cls.drawPublishedAt) {
      if (!redraw) return cls;
      throw new HttpError(409, M.drawPublished);
    }
    const at = now();
    // `publish` alone publishes the order the producer looked at; on a class not drawn yet it draws and publishes.
    if (!redraw && cls.drawnAt) return publish(db, viewer, cls, at);
    const seed = input.seed ?? newDrawSeed();
    const minGap = input.minGap ?? cls.drawMinGap;
    const dragEvery = input.dragEvery ?? cls.dragEvery;
    // The order the draw reads entries in is part of what the seed reproduces: as entered, then by id.
    const entries = db
      .select()
      .from(raceEntries)
      .where(eq(raceEntries.classId, cls.id))
      .orderBy(asc(raceEntries.createdAt), asc(raceEntries.id))
      .all();
    // A carried run runs in the class it was entered in, not in this draw.
    const running = entries.filter((e) => e.status === "ENTERED" && !e.carriedFrom);
    const order = drawOrder({ seed, minGap, dragEvery, entries: running.map((e) => ({ entryId: e.id, riderKey: riderKeyOf(e), late: e.late })) });
    db.update(raceEntries).set({ drawPosition: null, dragsBefore: null }).where(eq(raceEntries.classId, cls.id)).run();
    for (const o of order) {
      db.update(raceEntries).set({ drawPosition: o.position, dragsBefore: o.dragsBefore }).where(eq(raceEntries.id, o.entryId)).run();
    }
    const drawn = db
      .update(raceClasses)
      .set({ drawSeed: seed, drawMinGap: minGap, dragEvery, drawnAt: at })
      .where(eq(raceClasses.id, cls.id))
      .returning()
      .get()!;
    return input.publish ? publish(db, viewer, drawn, at) : drawn;
  });
}

function publish(db: Db, viewer: Viewer, cls: RaceClass, at: Date) {
  const published = db.update(raceClasses).set({ drawPublishedAt: at }).where(eq(raceClasses.id, cls.id)).returning().get()!;
  recordHistory(db, { eventId: cls.eventId, classId: cls.id, actorId: viewer.id, action: "draw-published", detail: `seed ${cls.drawSeed}` });
  return published;
}

/** A class's order as drawn (published or not): what the draw gave, scratches included. */
export function drawnOrder(db: Db, classId: string): DrawSlot[] {
  return listClassEntries(db, classId)
    .filter((e) => e.drawPosition !== null)
    .map(presentDrawn);
}

/** The published order of a class, for anyone who may see the event; 404 until it is published. */
export function publishedDraw(db: Db, viewer: Viewer | null, eventId: string, classId: string) {
  findRaceEvent(db, viewer, eventId);
  const cls = getClass(db, eventId, classId);
  if (!cls.drawPublishedAt) throw new HttpError(404, "The draw is not published yet");
  return {
    classId: cls.id,
    className: cls.name,
    seed: cls.drawSeed,
    minGap: cls.drawMinGap,
    dragEvery: cls.dragEvery,
    publishedAt: cls.drawPublishedAt,
    order: drawnOrder(db, cls.id),
  };
}
export type PublishedDraw = ReturnType<typeof publishedDraw>;

