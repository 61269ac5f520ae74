import { asc, eq } from "drizzle-orm";
import { raceClasses, raceEntries, users, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { lookupZip } from "~/lib/gazetteer.server";
import { requireRaceTimer } from "~/features/raceday/access.server";
import { SHEETS, type Sheet, type SheetRun } from "./sheets";

/*
 * The printed sheets of race day: a draw sheet per class for the announcer
 * (order, back number, rider, horse, hometown, drags, late entries and
 * scratches), the same order for the gate, and the event's back-number
 * list. For the producer, admins and the event's named timers (the booth's
 * people). Hometowns come from a rider's home ZIP, never for a Private
 * (SOLO) rider: the announcer reads them aloud (docs/decisions/2026-11-28-printed-sheets.md).
 */

type Viewer = Pick<User, "id" | "isAdmin">;

export function printedSheet(db: Db, viewer: Viewer, eventId: string, sheet: string, classId: string | null) {
  if (!SHEETS.includes(sheet as Sheet)) throw new HttpError(404, "No such sheet");
  const event = requireRaceTimer(db, viewer, eventId);
  const allClasses = db.select().from(raceClasses).where(eq(raceClasses.eventId, event.id)).orderBy(asc(raceClasses.position), asc(raceClasses.createdAt)).all();
  if (classId && !allClasses.some((c) => c.id === classId)) throw new HttpError(404, "Class not found");
  const entries = db
    .select({ entry: raceEntries, homeZipCode: users.homeZipCode, privacyMode: users.privacyMode })
    .from(raceEntries)
    .leftJoin(users, eq(users.id, raceEntries.userId))
    .where(eq(raceEntries.eventId, event.id))
    .orderBy(asc(raceEntries.drawPosition), asc(raceEntries.createdAt))
    .all();
  const hometown = (zip: string | null, privacy: string | null) => {
    if (!zip || privacy === "SOLO") return null;
    const place = lookupZip(zip);
    return place ? `${place.city}, ${place.state}` : null;
  };
  const head = { event: { id: event.id, name: event.name, date: event.date, endDate: event.endDate, location: event.location, arenaName: event.arenaName }, sheet: sheet as Sheet };

  if (sheet === "numbers") {
    const className = new Map(allClasses.map((c) => [c.id, c.name]));
    const byRider = new Map<string, { backNumber: number | null; riderName: string; horseName: string; classes: string[] }>();
    for (const { entry } of entries) {
      if (entry.status !== "ENTERED") continue;
      const key = `${entry.backNumber ?? "none"}|${entry.riderName.trim().toLowerCase()}|${entry.horseName.trim().toLowerCase()}`;
      const row = byRider.get(key) ?? { backNumber: entry.backNumber, riderName: entry.riderName, horseName: entry.horseName, classes: [] };
      row.classes.push(className.get(entry.classId) ?? "");
      byRider.set(key, row);
    }
    const numbers = [...byRider.values()].sort((a, b) => (a.backNumber ?? Infinity) - (b.backNumber ?? Infinity) || a.riderName.localeCompare(b.riderName));
    return { ...head, classes: [], numbers };
  }

  // A sidepot runs in its class's draw: no sheet of its own.
  const drawnClasses = allClasses.filter((c) => !c.sidepotOf && (!classId || c.id === classId));
  const classes = drawnClasses.map((c) => ({
    classId: c.id,
    name: c.name,
    drawn: c.drawnAt !== null,
    published: c.drawPublishedAt !== null,
    sidepots: allClasses.filter((s) => s.sidepotOf === c.id).map((s) => s.name),
    runs: entries
      .filter(({ entry }) => entry.classId === c.id && entry.drawPosition !== null)
      .map(({ entry, homeZipCode, privacyMode }) => ({
        entryId: entry.id,
        position: entry.drawPosition!,
        backNumber: entry.backNumber,
        riderName: entry.riderName,
        horseName: entry.horseName,
        hometown: hometown(homeZipCode, privacyMode),
        dragsBefore: entry.dragsBefore ?? 0,
        late: entry.late,
        scratched: entry.status === "SCRATCHED",
      })) satisfies SheetRun[],
  }));
  return { ...head, classes, numbers: [] };
}
export type PrintedSheet = ReturnType<typeof printedSheet>;

