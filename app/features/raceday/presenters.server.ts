import type { RaceClass, RaceEntry } from "#db/schema";
import { msToSecondsText } from "~/schemas/raceday";

/*
 * What leaves the server of classes and entries: explicit lists of fields.
 * A rider's account id never leaves with an entry (a Private rider's id is
 * theirs alone); the producer sees whether an entry has an account.
 */

/** A class as anyone who may see the event sees it. The seed shows once the draw is published (for the audit). */
export function presentClass(cls: RaceClass, extra: { entryCount?: number; manager?: boolean } = {}) {
  const published = Boolean(cls.drawPublishedAt);
  return {
    id: cls.id,
    eventId: cls.eventId,
    name: cls.name,
    position: cls.position,
    entryFeeCents: cls.entryFeeCents,
    addedMoneyCents: cls.addedMoneyCents,
    exhibitionFeeCents: cls.exhibitionFeeCents,
    producerSharePercent: cls.producerSharePercent,
    divisions: cls.divisions,
    splitMs: cls.splitMs,
    splitSeconds: cls.splitMs.map((ms) => Number(msToSecondsText(ms))),
    maxHorsesPerRider: cls.maxHorsesPerRider,
    postedStart: cls.postedStart,
    payout: cls.payout,
    sidepotOf: cls.sidepotOf,
    goRounds: cls.goRounds,
    average: cls.average ?? null,
    purseSplit: cls.purseSplit ?? null,
    shortGo: cls.shortGo ?? null,
    minAge: cls.minAge,
    maxAge: cls.maxAge,
    ageOn: cls.ageOn,
    entryCount: extra.entryCount ?? null,
    drawSeed: published || extra.manager ? cls.drawSeed : null,
    drawMinGap: cls.drawMinGap,
    dragEvery: cls.dragEvery,
    drawn: Boolean(cls.drawnAt),
    drawPublishedAt: cls.drawPublishedAt,
    resultsPublishedAt: cls.resultsPublishedAt,
  };
}
export type ClassView = ReturnType<typeof presentClass>;

/** An entry as its rider and the event's producer see it. */
export function presentEntry(entry: RaceEntry, cls?: Pick<RaceClass, "name" | "entryFeeCents" | "exhibitionFeeCents" | "drawPublishedAt"> | null) {
  return {
    id: entry.id,
    eventId: entry.eventId,
    classId: entry.classId,
    className: cls?.name ?? null,
    feeCents: (entry.exhibition ? cls?.exhibitionFeeCents : cls?.entryFeeCents) ?? null,
    riderId: entry.riderId,
    riderName: entry.riderName,
    horseId: entry.horseId,
    horseName: entry.horseName,
    walkUp: entry.userId === null,
    backNumber: entry.backNumber,
    paid: entry.paid,
    paidMethod: entry.paidMethod,
    paidReference: entry.paidReference,
    status: entry.status,
    late: entry.late,
    /** Timed, never placed or paid, not in the pot or the season. */
    exhibition: entry.exhibition,
    /** The entry (of another class) whose run this one is: timed once, placed and paid here too. */
    carriedFrom: entry.carriedFrom,
    drawPosition: entry.drawPosition,
    dragsBefore: entry.dragsBefore,
    drawPublished: Boolean(cls?.drawPublishedAt),
    createdAt: entry.createdAt,
    scratchedAt: entry.scratchedAt,
  };
}
export type EntryView = ReturnType<typeof presentEntry>;

/** One run of a published draw, as the public sees it: the order, nothing of anyone's account. */
export function presentDrawn(entry: RaceEntry) {
  return {
    entryId: entry.id,
    position: entry.drawPosition!,
    backNumber: entry.backNumber,
    riderName: entry.riderName,
    horseName: entry.horseName,
    dragsBefore: entry.dragsBefore ?? 0,
    late: entry.late,
    exhibition: entry.exhibition,
    scratched: entry.status === "SCRATCHED",
  };
}
export type DrawSlot = ReturnType<typeof presentDrawn>;
