import { and, asc, eq } from "drizzle-orm";
import { horseDocuments, horses, type Horse, type HorseDocument, type User } from "#db/schema";
import { todayFor } from "~/features/events/search.server";
import { now } from "~/lib/clock.server";
import { config } from "~/lib/config.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { deletePaperFiles, paperFilePath, writePaperFile } from "~/lib/uploads/private.server";
import { prepareFile } from "~/lib/uploads/storage.server";
import { daysBetween, PAPER_LABELS, PAPER_MESSAGES, paperSchema, paperStatus, type PaperDatesPatch, type PaperInput } from "~/schemas/papers";
import { cancelPaperReminders, schedulePaperReminders } from "./paperReminders.server";

/*
 * A horse's papers (Coggins, health certificates, brand inspections,
 * registration papers): private to the horse's owner. Every function takes
 * the acting user and answers a paper of another account, or of a horse
 * that is not theirs, exactly like a missing one (404), so nothing leaks
 * that it exists; administrators get no exception (they moderate public
 * content, and papers are not). Files are stored by
 * app/lib/uploads/private.server.ts and leave with their row.
 */

export const HORSE_NOT_FOUND = "Horse not found";
const PAPER_NOT_FOUND = "Paper not found";

/** The rider's own horse, or 404. */
export function ownedHorse(db: Db, user: Pick<User, "id">, horseId: string): Horse {
  const horse = db
    .select()
    .from(horses)
    .where(and(eq(horses.id, horseId), eq(horses.userId, user.id)))
    .get();
  if (!horse) throw new HttpError(404, HORSE_NOT_FOUND);
  return horse;
}

function ownedPaper(db: Db, user: Pick<User, "id">, horseId: string, docId: string): HorseDocument {
  const doc = db
    .select()
    .from(horseDocuments)
    .where(and(eq(horseDocuments.id, docId), eq(horseDocuments.horseId, horseId), eq(horseDocuments.userId, user.id)))
    .get();
  if (!doc) throw new HttpError(404, PAPER_NOT_FOUND);
  return doc;
}

const paperFileUrl = (doc: Pick<HorseDocument, "id" | "horseId">) => `/api/horses/${doc.horseId}/documents/${doc.id}/file`;
const paperPageUrl = (doc: Pick<HorseDocument, "id" | "horseId">) => `/horses/${doc.horseId}/papers/${doc.id}`;
export const papersPageUrl = (horseId: string) => `/horses/${horseId}/papers`;

/** A paper as its owner sees it: the fields listed here and nothing else (no storage key). */
function presentPaper(doc: HorseDocument, today: string) {
  return {
    id: doc.id,
    horseId: doc.horseId,
    kind: doc.kind,
    label: PAPER_LABELS[doc.kind],
    fileName: doc.fileName,
    contentType: doc.contentType,
    size: doc.size,
    issuedOn: doc.issuedOn,
    expiresOn: doc.expiresOn,
    status: paperStatus(doc.expiresOn, today),
    daysLeft: doc.expiresOn ? daysBetween(today, doc.expiresOn) : null,
    createdAt: doc.createdAt,
    fileUrl: paperFileUrl(doc),
    pageUrl: paperPageUrl(doc),
  };
}
export type PaperView = ReturnType<typeof presentPaper>;

/** The rider's calendar day (their home ZIP's state), by the app's clock. */
const todayOf = (user: Pick<User, "homeZipCode">) => todayFor(user.homeZipCode, now());

/** A horse's papers, those expiring soonest first, then those that never expire. */
export function listPapers(db: Db, user: User, horseId: string): PaperView[] {
  ownedHorse(db, user, horseId);
  const today = todayOf(user);
  return db
    .select()
    .from(horseDocuments)
    .where(and(eq(horseDocuments.horseId, horseId), eq(horseDocuments.userId, user.id)))
    .orderBy(asc(horseDocuments.expiresOn), asc(horseDocuments.createdAt))
    .all()
    .sort((a, b) => Number(!a.expiresOn) - Number(!b.expiresOn))
    .map((doc) => presentPaper(doc, today));
}

export function getPaper(db: Db, user: User, horseId: string, docId: string) {
  const horse = ownedHorse(db, user, horseId);
  return { horse, paper: presentPaper(ownedPaper(db, user, horseId, docId), todayOf(user)) };
}

/** The name a file is offered under: what it is, never what the sender called it. */
const downloadName = (doc: HorseDocument) => `${doc.kind.replace(/_/g, "-")}.${doc.fileKey.split(".").pop()}`;

/** The stored file of the owner's paper, for serving. */
export function paperFile(db: Db, user: User, horseId: string, docId: string) {
  const doc = ownedPaper(db, user, horseId, docId);
  const file = paperFilePath(doc.fileKey);
  if (!file) throw new HttpError(404, PAPER_NOT_FOUND);
  return { file, contentType: doc.contentType, name: downloadName(doc) };
}

/** What the rider called the file, kept for their own list (never used as a path or header). */
function cleanFileName(file: Blob) {
  const name = file instanceof File ? file.name : "";
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 120) || null;
}

/**
 * Adds a paper to the rider's horse: the horse is checked first (nothing is
 * stored for a horse that is not theirs), then the file passes the upload
 * check and is written privately, then the row and its reminders are saved
 * together; if that fails, the file goes.
 */
export async function addPaper(db: Db, user: User, horseId: string, input: PaperInput, file: Blob | null): Promise<PaperView> {
  ownedHorse(db, user, horseId);
  if (!file || file.size === 0) throw new HttpError(400, PAPER_MESSAGES.file, { errors: { file: [PAPER_MESSAGES.file] } });
  const prepared = await prepareFile("paper", file, { copies: false });
  const key = await writePaperFile(prepared);
  try {
    // One connection, synchronous: the reminders' jobs (written through `db`) commit with the row.
    const doc = db.transaction((tx) => {
      const row = tx
        .insert(horseDocuments)
        .values({
          horseId,
          userId: user.id,
          kind: input.kind,
          fileKey: key,
          fileName: cleanFileName(file),
          contentType: prepared.contentType,
          size: prepared.body.length,
          issuedOn: input.issuedOn ?? null,
          expiresOn: input.expiresOn ?? null,
          createdAt: now(),
        })
        .returning()
        .get();
      schedulePaperReminders(db, row, user);
      return row;
    });
    return presentPaper(doc, todayOf(user));
  } catch (error) {
    deletePaperFiles([key]);
    throw error;
  }
}

/**
 * New dates for a paper (a field left out stays as it is, null clears it),
 * checked with the paper's own rules; its reminders move with its expiry.
 */
export function updatePaperDates(db: Db, user: User, horseId: string, docId: string, patch: PaperDatesPatch): PaperView {
  const doc = ownedPaper(db, user, horseId, docId);
  const merged = {
    kind: doc.kind,
    issuedOn: patch.issuedOn === undefined ? doc.issuedOn : patch.issuedOn,
    expiresOn: patch.expiresOn === undefined ? doc.expiresOn : patch.expiresOn,
  };
  const parsed = paperSchema.safeParse({ kind: merged.kind, issuedOn: merged.issuedOn ?? undefined, expiresOn: merged.expiresOn ?? undefined });
  if (!parsed.success) {
    throw new HttpError(400, parsed.error.issues[0]?.message ?? "Invalid dates", { errors: parsed.error.flatten().fieldErrors });
  }
  const dates = parsed.data;
  const updated = db.transaction((tx) => {
    const row = tx
      .update(horseDocuments)
      .set({ issuedOn: dates.issuedOn ?? null, expiresOn: dates.expiresOn ?? null })
      .where(eq(horseDocuments.id, doc.id))
      .returning()
      .get();
    if (row.expiresOn !== doc.expiresOn) {
      cancelPaperReminders(db, doc);
      schedulePaperReminders(db, row, user);
    }
    return row;
  });
  return presentPaper(updated, todayOf(user));
}

/** Deletes a paper: its row and pending reminders, then (once committed) its file. */
export function deletePaper(db: Db, user: User, horseId: string, docId: string) {
  const doc = ownedPaper(db, user, horseId, docId);
  db.transaction((tx) => {
    tx.delete(horseDocuments).where(eq(horseDocuments.id, doc.id)).run();
    cancelPaperReminders(db, doc);
  });
  deletePaperFiles([doc.fileKey]);
}

/**
 * The files of papers about to go with their horse or their account (by
 * the foreign keys' cascade): read them before the delete, remove them after
 * it commits with deletePaperFiles. Their reminders find no paper and stop.
 */
export function paperKeysOf(db: Db, by: { horseId: string } | { userId: string }) {
  const where = "horseId" in by ? eq(horseDocuments.horseId, by.horseId) : eq(horseDocuments.userId, by.userId);
  return db.select({ key: horseDocuments.fileKey }).from(horseDocuments).where(where).all().map((row) => row.key);
}
export { deletePaperFiles };

/**
 * The owner's papers in their data export: what each is, its dates, and a
 * link to its file (served to the signed-in owner only), not the file itself.
 */
export function papersForExport(db: Db, user: User) {
  const rows = db
    .select({ doc: horseDocuments, horseName: horses.name })
    .from(horseDocuments)
    .innerJoin(horses, eq(horses.id, horseDocuments.horseId))
    .where(and(eq(horseDocuments.userId, user.id), eq(horses.userId, user.id)))
    .orderBy(asc(horses.name), asc(horseDocuments.createdAt))
    .all();
  return rows.map(({ doc, horseName }) => ({
    id: doc.id,
    horseId: doc.horseId,
    horseName,
    kind: doc.kind,
    fileName: doc.fileName,
    contentType: doc.contentType,
    size: doc.size,
    issuedOn: doc.issuedOn,
    expiresOn: doc.expiresOn,
    createdAt: doc.createdAt,
    fileUrl: `${config().appOrigin}${paperFileUrl(doc)}`,
  }));
}

