import { and, asc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { raceClasses, raceEntries, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { DRAW_PAGE_SIZE, DRAW_SEARCH_SHOWN, type DrawPageQuery } from "~/schemas/drawPage";
import { findRaceEvent } from "./access.server";

/*
 * The public draw page, paged: each published class shows one page of its
 * order (the page asked for, else the first), a search finds runs by a
 * rider's or horse's name or a back number across the event, and a
 * signed-in rider's own runs come first, whatever the page. Everything is
 * read in SQL a page at a time, so a 2,000-entry class costs a phone one
 * page of HTML.
 */

type Viewer = Pick<User, "id" | "isAdmin">;

const RUN = {
  entryId: raceEntries.id,
  classId: raceEntries.classId,
  position: raceEntries.drawPosition,
  backNumber: raceEntries.backNumber,
  riderName: raceEntries.riderName,
  horseName: raceEntries.horseName,
  dragsBefore: raceEntries.dragsBefore,
  late: raceEntries.late,
  exhibition: raceEntries.exhibition,
  // Scratched in the office, or at the booth (its latest run, not voided, is a SCRATCH): the books and the pot count it so too.
  // (Written out: drizzle names a select's columns without their table, which a subquery would misread.)
  scratched: sql<boolean>`("race_entries"."status" = 'SCRATCHED' OR (SELECT t.outcome FROM race_times t WHERE t.entry_id = "race_entries"."id" AND t.voided_at IS NULL ORDER BY t.recorded_at DESC, t.created_at DESC LIMIT 1) = 'SCRATCH')`.mapWith(Boolean),
  userId: raceEntries.userId,
};

type Row = { entryId: string; classId: string; position: number | null; backNumber: number | null; riderName: string; horseName: string; dragsBefore: number | null; late: boolean; exhibition: boolean; scratched: boolean; userId: string | null };

/** A run as the public sees it: nothing of anyone's account, only whether it is the viewer's own. */
const present = (r: Row, viewer: Viewer | null) => ({
  entryId: r.entryId,
  position: r.position!,
  backNumber: r.backNumber,
  riderName: r.riderName,
  horseName: r.horseName,
  dragsBefore: r.dragsBefore ?? 0,
  late: r.late,
  exhibition: r.exhibition,
  scratched: r.scratched,
  mine: Boolean(viewer && r.userId === viewer.id),
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function drawPage(db: Db, viewer: Viewer | null, eventId: string, query: DrawPageQuery) {
  const event = findRaceEvent(db, viewer, eventId);
  const classes = db
    .select({ id: raceClasses.id, name: raceClasses.name, seed: raceClasses.drawSeed, dragEvery: raceClasses.dragEvery, published: raceClasses.drawPublishedAt, sidepotOf: raceClasses.sidepotOf })
    .from(raceClasses)
    .where(eq(raceClasses.eventId, eventId))
    .orderBy(asc(raceClasses.position), asc(raceClasses.createdAt))
    .all()
    .filter((c) => !c.sidepotOf);
  const published = classes.filter((c) => c.published);
  const ids = published.map((c) => c.id);
  const drawn = and(inArray(raceEntries.classId, ids.length ? ids : [""]), isNotNull(raceEntries.drawPosition));
  const counts = new Map(
    db
      .select({ classId: raceEntries.classId, n: sql<number>`count(*)` })
      .from(raceEntries)
      .where(drawn)
      .groupBy(raceEntries.classId)
      .all()
      .map((r) => [r.classId, r.n]),
  );
  const names = new Map(published.map((c) => [c.id, c.name]));

  const mine = viewer
    ? db
        .select(RUN)
        .from(raceEntries)
        .where(and(drawn, eq(raceEntries.userId, viewer.id), eq(raceEntries.status, "ENTERED")))
        .orderBy(asc(raceEntries.classId), asc(raceEntries.drawPosition))
        .all()
        .map((r) => ({ ...present(r, viewer), className: names.get(r.classId) ?? "" }))
    : [];

  let found: (ReturnType<typeof present> & { className: string })[] | null = null;
  let foundMore = false;
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const back = /^#?\d{1,6}$/.test(query.q) ? Number(query.q.replace("#", "")) : null;
    const byName = or(sql`${raceEntries.riderName} LIKE ${pattern} ESCAPE '\\'`, sql`${raceEntries.horseName} LIKE ${pattern} ESCAPE '\\'`);
    const rows = db
      .select(RUN)
      .from(raceEntries)
      .where(and(drawn, back !== null ? or(eq(raceEntries.backNumber, back), byName) : byName))
      .orderBy(asc(raceEntries.classId), asc(raceEntries.drawPosition))
      .limit(DRAW_SEARCH_SHOWN + 1)
      .all();
    foundMore = rows.length > DRAW_SEARCH_SHOWN;
    found = rows.slice(0, DRAW_SEARCH_SHOWN).map((r) => ({ ...present(r, viewer), className: names.get(r.classId) ?? "" }));
  }

  const draws = published.map((c) => {
    const total = counts.get(c.id) ?? 0;
    const pages = Math.max(1, Math.ceil(total / DRAW_PAGE_SIZE));
    const page = query.class === c.id ? Math.min(query.page, pages) : 1;
    const order = db
      .select(RUN)
      .from(raceEntries)
      .where(and(eq(raceEntries.classId, c.id), isNotNull(raceEntries.drawPosition)))
      .orderBy(asc(raceEntries.drawPosition))
      .limit(DRAW_PAGE_SIZE)
      .offset((page - 1) * DRAW_PAGE_SIZE)
      .all()
      .map((r) => present(r, viewer));
    return { classId: c.id, className: c.name, seed: c.seed, dragEvery: c.dragEvery, total, page, pages, order };
  });

  return {
    event: { id: event.id, name: event.name, date: event.date, endDate: event.endDate, location: event.location, arenaName: event.arenaName },
    draws,
    mine,
    found,
    foundMore,
    waiting: classes.filter((c) => !c.published).map((c) => c.name),
  };
}
