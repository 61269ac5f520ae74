import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { inArray } from "drizzle-orm";
import { raceResults, type User } from "#db/schema";
import { runLogHorses } from "~/features/horses/horses.server";
import { listRiders } from "~/features/riders/riders.server";
import { getUser, redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb, type Db } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { zoneOfZip } from "~/features/events/zones.server";
import { HttpError } from "~/lib/http.server";
import { drawPageQuerySchema } from "~/schemas/drawPage";
import { raceEntrySchema, RACE_MESSAGES } from "~/schemas/raceday";
import { findRaceEvent, mayOnEvent } from "./access.server";
import { entryCounts, listClasses } from "./classes.server";
import { drawPage } from "./drawPage.server";
import { entriesCloseAt, entriesOpen, enterRace, listOwnEntries, scratchEntry } from "./entries.server";
import { raceIsOpenFor } from "./policies.server";
import { presentClass, presentEntry } from "./presenters.server";
import { formatCents, formatRaceTime, placingLabel } from "./time";
import { feeOf, moneyRules } from "~/features/books/ledger.server";
import { scratchRule, type ScratchPolicy } from "~/features/books/ledger";

/*
 * The rider's race-day screens: /events/{id}/enter (enter a class, see and
 * scratch one's entries) and /events/{id}/draw (the published draws). Their
 * route modules are thin shells over these.
 */

/** A hidden or missing event answers the page's 404, as the share page does. */
function visibleEvent(db: Db, viewer: User | null, eventId: string) {
  try {
    return findRaceEvent(db, viewer, eventId);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

const eventSummary = (e: { id: string; name: string; date: string; endDate: string | null; location: string; arenaName: string | null }) => ({
  id: e.id,
  name: e.name,
  date: e.date,
  endDate: e.endDate,
  location: e.location,
  arenaName: e.arenaName,
});

/** What a rider's own scratch costs under the event's policy, said before they confirm it. */
function scratchCostText(rules: ScratchPolicy, feeCents: number, when: "BEFORE_DRAW" | "AFTER_DRAW") {
  const { owesCents, refundCents } = scratchRule(rules, feeCents, when);
  const moment = when === "BEFORE_DRAW" ? "Before the draw is published" : "After the draw";
  // entries.server.ts enterRace: entered again before the draw is published, the scratch is undone.
  const undo = when === "BEFORE_DRAW" ? " Entering this horse again before then puts it back in at no cost." : "";
  if (owesCents === 0) return `${moment} the whole ${formatCents(feeCents)} fee is refunded if you paid it.${undo}`;
  if (refundCents === 0) return `${moment} the ${formatCents(feeCents)} fee is still owed: nothing is refunded.${undo}`;
  return `${moment} the office keeps ${formatCents(owesCents)} of the ${formatCents(feeCents)} fee and refunds ${formatCents(refundCents)} if you paid it.${undo}`;
}

/** /events/{id}/enter: the classes, the rider's horses and sub-profiles, their entries and whether entries are open. */
export async function enterScreen(request: Request, eventId: string) {
  const user = await requireUser(request);
  const db = getDb();
  const event = visibleEvent(db, user, eventId);
  if (!event) return data({ found: false as const }, { status: 404 });
  const classes = listClasses(db, event.id);
  const counts = entryCounts(db, event.id);
  const byId = new Map(classes.map((c) => [c.id, c]));
  const rules = moneyRules(db, event.id);
  return {
    found: true as const,
    event: eventSummary(event),
    racing: raceIsOpenFor(event),
    open: entriesOpen(event),
    closesAt: entriesCloseAt(event).toISOString(),
    // Times of the event are shown where it happens.
    zone: zoneOfZip(event.zipCode),
    manager: mayOnEvent(db, user, event, "manage"),
    solo: user.privacyMode === "SOLO",
    classes: classes.map((c) => presentClass(c, { entryCount: counts.get(c.id) ?? 0 })),
    horses: runLogHorses(db, user.id).pickable.map((h) => ({ id: h.id, name: h.name })),
    riders: listRiders(db, user.id),
    entries: withResults(
      db,
      listOwnEntries(db, user.id, event.id).map((e) => {
        const cls = byId.get(e.classId);
        const view = { ...presentEntry(e, cls), resultsPublished: Boolean(cls?.resultsPublishedAt), scratchCost: cls ? scratchCostText(rules, feeOf(cls, e), cls.drawPublishedAt ? "AFTER_DRAW" : "BEFORE_DRAW") : "" };
        return view.drawPublished ? view : { ...view, drawPosition: null, dragsBefore: null };
      }),
    ),
  };
}

/** Each entry with its published result in words ("1D 2nd · 15.482 · $120.00", "NT"), or null before results are published. */
function withResults<T extends { id: string; resultsPublished: boolean }>(db: Db, entries: T[]) {
  const ids = entries.filter((e) => e.resultsPublished).map((e) => e.id);
  const rows = ids.length ? db.select().from(raceResults).where(inArray(raceResults.entryId, ids)).all() : [];
  const byEntry = new Map(rows.map((r) => [r.entryId, r]));
  return entries.map((e) => {
    const r = byEntry.get(e.id);
    if (!r) return { ...e, result: null };
    const time = r.totalMs !== null ? formatRaceTime(r.totalMs) : null;
    const result =
      r.outcome === "SCRATCH"
        ? "Scratched"
        : r.outcome === "NT" || time === null
          ? "No time"
          : [r.division !== null && r.place !== null ? placingLabel(r.division, r.place) : null, time, r.payoutCents > 0 ? formatCents(r.payoutCents) : null].filter(Boolean).join(" · ");
    return { ...e, result };
  });
}

/** The enter screen's forms: `enter` a class, `scratch` one's entry. A refused form comes back with its messages. */
export async function enterAction(request: Request, eventId: string) {
  const user = await requireUser(request);
  const db = getDb();
  const form = await readForm(request);
  const intent = form.get("intent");
  const here = `/events/${eventId}/enter`;
  if (intent === "scratch") {
    try {
      scratchEntry(db, user, eventId, String(form.get("entryId") ?? ""));
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      return redirectWithToast(here, { type: "error", title: "Not Scratched", description: error.message });
    }
    return redirectWithToast(here, { type: "success", title: "Entry Scratched" });
  }
  const submission = parseWithZod(form, { schema: raceEntrySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const { notice, backIn } = enterRace(db, user, eventId, { ...submission.value, riderName: undefined });
    if (backIn) return redirectWithToast(here, { type: "success", title: "Back In", description: notice ?? "Your scratch is undone before the draw: the horse keeps its place, at no cost." });
    return redirectWithToast(here, { type: "success", title: "Entered!", description: notice ?? "Your entry is on the producer's list. Fees are paid at the office." });
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    const fieldErrors = error.body.errors as Record<string, string[]> | undefined;
    return data({ result: submission.reply(fieldErrors ? { fieldErrors } : { formErrors: [error.message] }) }, { status: error.status });
  }
}

/** /events/{id}/draw: a page of every class's published order, a search, the viewer's own runs first. */
export async function drawScreen(request: Request, eventId: string) {
  const viewer = await getUser(request);
  const db = getDb();
  if (!visibleEvent(db, viewer, eventId)) return data({ found: false as const }, { status: 404 });
  const query = drawPageQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { event, draws, mine, found, foundMore, waiting } = drawPage(db, viewer, eventId, query);
  return { found: true as const, event, draws, mine, search: { q: query.q, found, more: foundMore }, waiting, signedIn: Boolean(viewer), soloNotice: RACE_MESSAGES.soloNotice };
}
