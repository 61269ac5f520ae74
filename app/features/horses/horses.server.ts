import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { horses, riders, runLogs, type Horse, type User } from "#db/schema";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { preparedOnce, statement } from "~/lib/prepared.server";
import { HttpError } from "~/lib/http.server";
import { findUpload, releaseUploads, storeUpload } from "~/lib/uploads.server";
import { deletePaperFiles, paperKeysOf } from "./papers.server";
import { duplicateHorseMessage, HORSE_MESSAGES, yearFoaledMessage, yearFoaledRange, type HorseInput } from "~/schemas/horses";

/*
 * Horses as records. A horse belongs to one account (for the account holder
 * or one of its rider sub-profiles); runs point at it. Names are unique per
 * account ignoring case and outer spaces, so a run logged by name ("dash")
 * finds the horse ("Dash"). Retired horses keep their runs and leave the
 * pickers; deleting a horse keeps its runs, unlinked, with the name they
 * were logged with.
 */

export const HORSE_NOT_FOUND = HORSE_MESSAGES.notFound;

/** The database, or a transaction on it. */
type Conn = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The owner's view of a horse: an explicit list of outgoing fields. */
function presentHorse(horse: Horse, extra: { riderName?: string | null; runCount?: number } = {}) {
  return {
    id: horse.id,
    name: horse.name,
    registeredName: horse.registeredName,
    yearFoaled: horse.yearFoaled,
    sex: horse.sex,
    color: horse.color,
    photoUrl: horse.photoUrl,
    notes: horse.notes,
    riderId: horse.riderId,
    riderName: extra.riderName ?? null,
    retired: horse.retiredAt !== null,
    retiredAt: horse.retiredAt,
    shared: horse.shared,
    runCount: extra.runCount ?? 0,
    createdAt: horse.createdAt,
    updatedAt: horse.updatedAt,
  };
}
export type HorseView = ReturnType<typeof presentHorse>;

/** The owner's horses with their rider and run count (only the owner's runs are read), built once per connection. */
const horseRecordsOf = preparedOnce((db) => {
  const counts = db
    .select({ horseId: runLogs.horseId, n: count().as("n") })
    .from(runLogs)
    .where(eq(runLogs.userId, sql.placeholder("userId")))
    .groupBy(runLogs.horseId)
    .as("run_counts");
  return db
    .select({ horse: horses, riderName: riders.name, runCount: sql<number>`coalesce(${counts.n}, 0)` })
    .from(horses)
    .leftJoin(riders, eq(riders.id, horses.riderId))
    .leftJoin(counts, eq(counts.horseId, horses.id))
    .where(eq(horses.userId, sql.placeholder("userId")))
    .orderBy(sql`${horses.retiredAt} is not null`, sql`lower(${horses.name})`, asc(horses.createdAt))
    .prepare();
});

/** The owner's horses with their rider and run count: active first, then retired, each A to Z. */
export function listHorseRecords(db: Db, userId: string): HorseView[] {
  return horseRecordsOf(db)
    .all({ userId })
    .map((r) => presentHorse(r.horse, r));
}

/** What the run form's horse picker offers: the active horses, A to Z, with the rider each is ridden by. */
function pickableHorses(db: Db, userId: string) {
  return db
    .select({ id: horses.id, name: horses.name, riderId: horses.riderId })
    .from(horses)
    .where(and(eq(horses.userId, userId), isNull(horses.retiredAt)))
    .orderBy(sql`lower(${horses.name})`, asc(horses.createdAt))
    .all();
}
export type PickableHorse = ReturnType<typeof pickableHorses>[number];

type RunLogHorseRow = { id: string; name: string; riderId: number | null; retired: 0 | 1; offered: 0 | 1 };

/**
 * The run log's horses, read once, A to Z: `pickable`, what the run form's
 * picker offers (as pickableHorses); `choices`, what the run list's filters
 * and trends offer (active horses and retired ones with runs).
 */
export function runLogHorses(db: Db, userId: string) {
  const rows = statement(
    db,
    `SELECT h.id, h.name, h.rider_id AS riderId, h.retired_at IS NOT NULL AS retired,
       h.retired_at IS NULL OR EXISTS (SELECT 1 FROM run_logs r WHERE r.horse_id = h.id) AS offered
     FROM horses h WHERE h.user_id = ? ORDER BY lower(h.name), h.created_at`,
  ).all(userId) as RunLogHorseRow[];
  return {
    pickable: rows.filter((h) => !h.retired).map(({ id, name, riderId }): PickableHorse => ({ id, name, riderId })),
    choices: rows.filter((h) => h.offered).map(({ id, name, retired }) => ({ id, name, retired: retired === 1 })),
  };
}

/**
 * The names of the rider's active horses and their favourite, each once
 * however capitalised, A to Z (GET /api/horses; the profile's favourite horse
 * is chosen from them).
 */
export function horseNameList(db: Db, user: Pick<User, "id" | "favoriteHorse">) {
  const names = new Map<string, string>();
  for (const name of [user.favoriteHorse, ...pickableHorses(db, user.id).map((h) => h.name)]) {
    const clean = name?.trim();
    if (clean && !names.has(clean.toLowerCase())) names.set(clean.toLowerCase(), clean);
  }
  return [...names.values()].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
}

/** One of the owner's horses, or null (anyone else's horse is as missing as a missing one). */
export function findOwnHorse(db: Db, userId: string, id: string) {
  return db.select().from(horses).where(and(eq(horses.id, id), eq(horses.userId, userId))).get() ?? null;
}

/** The owner's horse as the horse screen and the API show it; 404 for anyone else's. */
export function getHorse(db: Db, userId: string, id: string): HorseView {
  const horse = findOwnHorse(db, userId, id);
  if (!horse) throw new HttpError(404, HORSE_NOT_FOUND);
  return presentOwnHorse(db, horse);
}

function presentOwnHorse(db: Db, horse: Horse) {
  const riderName = horse.riderId ? (db.select({ name: riders.name }).from(riders).where(eq(riders.id, horse.riderId)).get()?.name ?? null) : null;
  const runCount = db.select({ n: count() }).from(runLogs).where(eq(runLogs.horseId, horse.id)).get()?.n ?? 0;
  return presentHorse(horse, { riderName, runCount });
}

/** The account's horse of that name, ignoring case and outer spaces (the first added when old data holds several). */
function horseNamed(db: Conn, userId: string, name: string, exceptId?: string) {
  const where = [eq(horses.userId, userId), sql`lower(trim(${horses.name})) = ${name.trim().toLowerCase()}`];
  if (exceptId) where.push(sql`${horses.id} <> ${exceptId}`);
  // An exact spelling first: a migrated "dash" beside "Dash" is found as typed.
  return db.select().from(horses).where(and(...where)).orderBy(sql`${horses.name} <> ${name.trim()}`, asc(horses.createdAt)).limit(1).get() ?? null;
}

/** The fields of an input as columns, checked: rider the account's own, year sane, photo the rider's own upload. */
function columns(db: Db, user: User, input: HorseInput) {
  const out: Partial<typeof horses.$inferInsert> = {};
  if (input.name !== undefined) out.name = input.name.trim();
  if (input.registeredName !== undefined) out.registeredName = input.registeredName;
  if (input.sex !== undefined) out.sex = input.sex;
  if (input.color !== undefined) out.color = input.color;
  if (input.notes !== undefined) out.notes = input.notes;
  if (input.shared !== undefined) out.shared = input.shared;
  if (input.yearFoaled !== undefined) {
    const today = now();
    const { min, max } = yearFoaledRange(today);
    if (input.yearFoaled !== null && (input.yearFoaled < min || input.yearFoaled > max)) {
      throw new HttpError(400, yearFoaledMessage(today), { errors: { yearFoaled: [yearFoaledMessage(today)] } });
    }
    out.yearFoaled = input.yearFoaled;
  }
  if (input.riderId !== undefined) {
    if (input.riderId !== null && !db.select({ id: riders.id }).from(riders).where(and(eq(riders.id, input.riderId), eq(riders.userId, user.id))).get()) {
      throw new HttpError(400, HORSE_MESSAGES.rider, { errors: { riderId: [HORSE_MESSAGES.rider] } });
    }
    out.riderId = input.riderId;
  }
  if (input.photoUrl !== undefined) {
    // Only an image this rider uploaded as a horse photo: never someone else's file or a link.
    if (input.photoUrl !== null && !findUpload(input.photoUrl, { kind: "horse", ownerId: user.id })) {
      throw new HttpError(400, HORSE_MESSAGES.photo, { errors: { photoUrl: [HORSE_MESSAGES.photo] } });
    }
    out.photoUrl = input.photoUrl;
  }
  if (input.retired !== undefined) out.retiredAt = input.retired ? now() : null;
  return out;
}

function refuseDuplicate(db: Conn, userId: string, name: string, exceptId?: string) {
  const same = horseNamed(db, userId, name, exceptId);
  if (same) throw new HttpError(409, duplicateHorseMessage(same.name), { errors: { name: [duplicateHorseMessage(same.name)] } });
}

/** A unique-index violation: another request added the same name a moment earlier. */
const isUniqueViolation = (error: unknown) => error instanceof Error && /UNIQUE constraint failed: horses/.test(`${error.message} ${(error.cause as Error | undefined)?.message ?? ""}`);

/** Adds a horse. A photo file (the screen's form) is stored through the checked upload path first. */
export async function createHorse(db: Db, user: User, input: HorseInput & { name: string }, photo?: Blob | null): Promise<HorseView> {
  const values = columns(db, user, { ...input, photoUrl: photo ? undefined : input.photoUrl });
  refuseDuplicate(db, user.id, input.name);
  const stored = photo ? await storeUpload("horse", photo, user.id) : null;
  try {
    const horse = db.transaction(
      (tx) => {
        refuseDuplicate(tx, user.id, input.name);
        return tx.insert(horses).values({ ...values, name: input.name.trim(), userId: user.id, photoUrl: stored?.url ?? values.photoUrl ?? null }).returning().get();
      },
      { behavior: "immediate" },
    );
    return presentOwnHorse(db, horse);
  } catch (error) {
    if (stored) releaseUploads(db, [stored.url]);
    if (isUniqueViolation(error)) throw new HttpError(409, duplicateHorseMessage(input.name.trim()));
    throw error;
  }
}

/**
 * Changes the owner's horse (absent fields stay). A new photo replaces the
 * old one, whose file goes once nothing uses it. The runs keep the name they
 * were logged with.
 */
export async function updateHorse(db: Db, user: User, id: string, input: HorseInput, photo?: Blob | null): Promise<HorseView> {
  const current = findOwnHorse(db, user.id, id);
  if (!current) throw new HttpError(404, HORSE_NOT_FOUND);
  const values = columns(db, user, { ...input, photoUrl: photo ? undefined : input.photoUrl });
  if (values.name !== undefined) refuseDuplicate(db, user.id, values.name, id);
  const stored = photo ? await storeUpload("horse", photo, user.id) : null;
  if (stored) values.photoUrl = stored.url;
  // Retiring twice keeps the first date.
  if (values.retiredAt && current.retiredAt) delete values.retiredAt;
  let horse: Horse | undefined;
  try {
    horse = db
      .update(horses)
      .set({ ...values, updatedAt: now() })
      .where(and(eq(horses.id, id), eq(horses.userId, user.id)))
      .returning()
      .get();
  } catch (error) {
    if (stored) releaseUploads(db, [stored.url]);
    if (isUniqueViolation(error)) throw new HttpError(409, duplicateHorseMessage(values.name ?? current.name));
    throw error;
  }
  if (!horse) throw new HttpError(404, HORSE_NOT_FOUND);
  if (current.photoUrl && current.photoUrl !== horse.photoUrl) releaseUploads(db, [current.photoUrl]);
  return presentOwnHorse(db, horse);
}

/**
 * Deletes the owner's horse. Its runs stay, unlinked (the foreign key sets
 * them to null), with their logged name; its photo and its papers' files go
 * once the delete is committed (the papers' rows go by the cascade).
 */
export function deleteHorse(db: Db, user: User, id: string) {
  const papers = paperKeysOf(db, { horseId: id });
  const [horse] = db.delete(horses).where(and(eq(horses.id, id), eq(horses.userId, user.id))).returning({ photoUrl: horses.photoUrl }).all();
  if (!horse) throw new HttpError(404, HORSE_NOT_FOUND);
  releaseUploads(db, [horse.photoUrl]);
  deletePaperFiles(papers);
}

/**
 * The horse a run logged by name rides: the account's horse of that name
 * (ignoring case and outer spaces), or a new one. One immediate transaction
 * and the unique index keep two simultaneous runs from adding it twice.
 * A name that matches the profile's favourite horse takes its spelling.
 */
export function horseForName(db: Db, user: Pick<User, "id" | "favoriteHorse">, name: string): Horse {
  const clean = name.trim();
  return db.transaction(
    (tx) => {
      const found = horseNamed(tx, user.id, clean);
      if (found) return found;
      const spelled = user.favoriteHorse?.trim().toLowerCase() === clean.toLowerCase() ? user.favoriteHorse.trim() : clean;
      const inserted = tx.insert(horses).values({ userId: user.id, name: spelled }).onConflictDoNothing().returning().get();
      return inserted ?? horseNamed(tx, user.id, clean)!;
    },
    { behavior: "immediate" },
  );
}

/**
 * Which horse a run rides, from what was sent: a horse id (the account's
 * own; not retired, unless the run already rode it), else a name (found or
 * added), else none. The run keeps the horse's name as logged.
 */
export function horseForRun(
  db: Db,
  user: User,
  input: { horseId?: string; horseName?: string },
  current?: { horseId: string | null },
): { horseId: string | null; horseName: string | null } {
  if (input.horseId) {
    const horse = findOwnHorse(db, user.id, input.horseId);
    if (!horse) throw new HttpError(400, "Choose a horse from the list", { errors: { horseId: ["Choose a horse from the list"] } });
    if (horse.retiredAt && current?.horseId !== horse.id) {
      throw new HttpError(400, HORSE_MESSAGES.retiredForRun, { errors: { horseId: [HORSE_MESSAGES.retiredForRun] } });
    }
    return { horseId: horse.id, horseName: horse.name };
  }
  if (input.horseName) {
    const horse = horseForName(db, user, input.horseName);
    return { horseId: horse.id, horseName: horse.name };
  }
  return { horseId: null, horseName: null };
}
