import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { PaidMethod, User } from "#db/schema";
import { PAID_METHODS } from "#db/schema/paid-methods";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { zoneOfZip } from "~/features/events/zones.server";
import { asPage, HttpError } from "~/lib/http.server";
import { entryTableQuerySchema, entryTableSearch } from "~/schemas/hubTable";
import { parseDollars, raceClassFormSchema, raceDrawSchema, raceEntryPatchSchema, raceEntrySchema, raceTimerSchema, RACE_LIMITS, RACE_MESSAGES } from "~/schemas/raceday";
import { LEDGER_LIMITS } from "~/schemas/ledger";
import { requireEventPermission } from "./access.server";
import { createClass, deleteClass, entryCounts, listClasses, updateClass } from "./classes.server";
import { drawClass } from "./draw.server";
import { changeEntry, entriesCloseAt, entriesOpen, enterRace, sidepotChangesText, updateEntry } from "./entries.server";
import { entryTableOne, entryTablePage, markEntriesPaid, undoableHistory, undoHistory } from "./entriesTable.server";
import { listHistory } from "./history.server";
import { collectEntry, deviceOf, postLedger } from "~/features/books/ledger.server";
import { raceIsOpenFor } from "./policies.server";
import { presentClass } from "./presenters.server";
import { addTimer, listTimers, removeTimer } from "./timers.server";

/*
 * The producer's race-day hub (/events/{id}/race-day): the office's entries
 * table (one page of the event's entries, filtered and sorted by the query
 * string, with each entry's actions), classes, walk-ups, the draw and its
 * publishing, timers and the history (scratches and moves undone from it). Every form is a plain POST with a named intent, so the
 * hub works without JavaScript; the route module is a thin shell over this.
 */

/** The event for its producer or an admin: a page answer (404 or 403) for anyone else. */
function managedEvent(user: User, eventId: string) {
  return asPage(() => requireEventPermission(getDb(), user, eventId, "manage"));
}

export async function hubScreen(request: Request, eventId: string) {
  const user = await requireUser(request);
  const db = getDb();
  const event = managedEvent(user, eventId);
  const classes = listClasses(db, event.id);
  const counts = entryCounts(db, event.id);
  const query = entryTableQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  if (query.class && !classes.some((c) => c.id === query.class)) query.class = "";
  if (query.edit && !classes.some((c) => c.id === query.edit)) query.edit = "";
  const history = listHistory(db, event.id);
  const undoable = undoableHistory(db, event.id, history);
  return {
    event: { id: event.id, name: event.name, date: event.date, endDate: event.endDate, location: event.location },
    racing: raceIsOpenFor(event),
    open: entriesOpen(event),
    closesAt: entriesCloseAt(event).toISOString(),
    // Times of the event are shown where it happens.
    zone: zoneOfZip(event.zipCode),
    classes: classes.map((c) => presentClass(c, { entryCount: counts.get(c.id) ?? 0, manager: true })),
    query,
    table: entryTablePage(db, user, event.id, query),
    opened: entryTableOne(db, user, event.id, query.entry),
    timers: listTimers(db, event.id),
    history: history.map((h) => ({ ...h, createdAt: h.createdAt.toISOString(), undoable: undoable.has(h.id) })),
  };
}

const HUB_INTENTS = [
  "class-create", "class-update", "class-delete", "walk-up", "entry-scratch", "entry-reinstate", "entry-paid", "entry-unpaid",
  "entry-back", "entry-rename", "entry-move", "entries-paid", "history-undo", "draw", "draw-publish", "timer-add", "timer-remove",
  "entry-collect", "entry-refund",
] as const;
type HubIntent = (typeof HUB_INTENTS)[number];

const DONE: Record<HubIntent, string> = {
  "class-create": "Class Added",
  "class-update": "Class Saved",
  "class-delete": "Class Deleted",
  "walk-up": "Walk-Up Entered",
  "entry-scratch": "Entry Scratched",
  "entry-reinstate": "Entry Back In",
  "entry-paid": "Marked Paid",
  "entry-unpaid": "Marked Not Paid",
  "entry-back": "Back Number Saved",
  "entry-rename": "Names Corrected",
  "entry-move": "Entry Moved",
  "entries-paid": "Marked Paid",
  "history-undo": "Change Undone",
  draw: "Class Drawn",
  "draw-publish": "Draw Published",
  "timer-add": "Timer Added",
  "timer-remove": "Timer Removed",
  "entry-collect": "Payment Recorded",
  "entry-refund": "Refund Recorded",
};

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.slice(0, RACE_LIMITS.id * 4) : "";
};

/** The parsed form, or a 400 naming every field's problem (each shown at its field), not only the first. */
function checked<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string; path: (string | number)[] }[] } }): T {
  if (!result.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of result.error.issues) (errors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
    throw new HttpError(400, result.error.issues.map((i) => i.message).join(". ") || "Invalid form", { errors });
  }
  return result.data;
}

/** A walk-up form's names, every problem at once: a missing rider's name and a horse's name too long are both said. */
function walkUpInput(classId: string, riderName: string, horseName: string) {
  const parsed = raceEntrySchema.safeParse({ classId, riderName, horseName });
  const errors: Record<string, string[]> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  if (!riderName.trim()) (errors.riderName ??= []).unshift(RACE_MESSAGES.riderName);
  const messages = Object.values(errors).flat();
  if (messages.length) throw new HttpError(400, messages.join(". "), { errors });
  return { classId, riderName: riderName.trim(), horseName: horseName.trim() || undefined };
}

/** How money was taken or paid back, from the hub's "Paid by" select: one of the methods, or a 400 at the field. */
function paidMethodOf(value: string): PaidMethod {
  if ((PAID_METHODS as readonly string[]).includes(value)) return value as PaidMethod;
  throw new HttpError(400, `Choose how: ${PAID_METHODS.join(", ")}`, { errors: { paidMethod: [`Choose how: ${PAID_METHODS.join(", ")}`] } });
}

/** The hub's Refund form: dollars as typed, how it was paid back, and why when it is not what the policy offers. */
function refundInput(form: FormData, entryId: string) {
  const amountCents = parseDollars(text(form, "amount"));
  if (amountCents === null || amountCents <= 0) throw new HttpError(400, RACE_MESSAGES.refundAmount, { errors: { amount: [RACE_MESSAGES.refundAmount] } });
  const method = paidMethodOf(text(form, "paidMethod"));
  if (method === "COMP") throw new HttpError(400, "A refund is paid back in cash, by check, card or online", { errors: { paidMethod: ["A refund is paid back in cash, by check, card or online"] } });
  const reason = text(form, "reason").trim().slice(0, LEDGER_LIMITS.reason) || null;
  return { kind: "REFUND" as const, entryId, amountCents, method, reference: text(form, "paidReference").trim() || null, reason };
}

/** The fields a per-class or per-entry form sends, kept as typed for its refusal. */
const TYPED = ["riderName", "horseName", "minGap", "dragEvery", "seed", "backNumber", "email", "amount", "reason", "paidReference"] as const;

/**
 * A refused form's answer, placed at the form it came from (`intent` with
 * its class or entry), with each field's messages and what was typed.
 */
export type HubRefusal = { intent: string; classId: string; entryId: string; message: string; errors: Record<string, string[]>; values: Record<string, string> };

/**
 * The hub's forms. A class form that is refused comes back with its field
 * messages (`form` says which one); every other refusal returns to the hub
 * with a toast saying why.
 */
export async function hubAction(request: Request, eventId: string) {
  const user = await requireUser(request);
  const db = getDb();
  managedEvent(user, eventId);
  const form = await readForm(request);
  const asked = form.get("intent");
  // Back to the table's view the form was sent from (a query string of the table, nothing else).
  const view = entryTableSearch(entryTableQuerySchema.parse(Object.fromEntries(new URLSearchParams(text(form, "view").replace(/^\?/, "")))));
  const here = `/events/${eventId}/race-day${view}`;
  if (!HUB_INTENTS.includes(asked as HubIntent)) return data({ result: null, form: null, message: "Unknown action" }, { status: 400 });
  const intent = asked as HubIntent;
  // Back to the hub itself, never with a #fragment: with JavaScript on, a redirect to the same page
  // that only adds a hash is a hash change and skips the loaders (no toast, no change shown).
  const classId = text(form, "classId");
  const entryId = text(form, "entryId");

  if (intent === "class-create" || intent === "class-update") {
    const submission = parseWithZod(form, { schema: raceClassFormSchema });
    const which = intent === "class-create" ? "new" : classId;
    if (submission.status !== "success") return data({ result: submission.reply(), form: which, message: null }, { status: 400 });
    try {
      if (intent === "class-create") createClass(db, user, eventId, submission.value);
      else updateClass(db, user, eventId, classId, submission.value);
      return redirectWithToast(here, { type: "success", title: DONE[intent] });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      const fieldErrors = error.body.errors as Record<string, string[]> | undefined;
      return data({ result: submission.reply(fieldErrors ? { fieldErrors } : { formErrors: [error.message] }), form: which, message: null }, { status: error.status });
    }
  }

  try {
    switch (intent) {
      case "class-delete":
        deleteClass(db, user, eventId, classId);
        return redirectWithToast(here, { type: "success", title: DONE[intent] });
      case "walk-up":
        enterRace(db, user, eventId, { ...walkUpInput(classId, text(form, "riderName"), text(form, "horseName")), birthDate: text(form, "birthDate").trim() || undefined });
        break;
      case "entry-scratch":
      case "entry-reinstate":
      case "entry-move": {
        const patch = intent === "entry-move" ? { classId: text(form, "toClassId") } : { scratched: intent === "entry-scratch" };
        const { sidepots } = changeEntry(db, user, eventId, entryId, patch);
        return redirectWithToast(here, { type: "success", title: DONE[intent], description: sidepots.length ? `Sidepots: ${sidepotChangesText(sidepots)}` : undefined });
      }
      case "entry-paid":
      case "entries-paid": {
        const entryIds = intent === "entry-paid" ? [entryId] : form.getAll("entryId").filter((v): v is string => typeof v === "string");
        const marked = markEntriesPaid(db, user, eventId, { entryIds, method: text(form, "paidMethod"), reference: text(form, "paidReference") }, { device: deviceOf(request) });
        return redirectWithToast(here, { type: "success", title: DONE[intent], description: marked === 1 ? "1 entry" : `${marked} entries` });
      }
      case "entry-unpaid":
        updateEntry(db, user, eventId, entryId, { paid: false }, { device: deviceOf(request) });
        break;
      case "entry-collect":
        collectEntry(db, user, eventId, entryId, paidMethodOf(text(form, "paidMethod")), text(form, "paidReference").trim() || null, { device: deviceOf(request) });
        break;
      case "entry-refund":
        postLedger(db, user, eventId, refundInput(form, entryId), { device: deviceOf(request) });
        break;
      case "history-undo":
        undoHistory(db, user, eventId, Number(text(form, "historyId")));
        break;
      case "entry-rename":
        updateEntry(db, user, eventId, entryId, checked(raceEntryPatchSchema.pick({ riderName: true, horseName: true }).safeParse({ riderName: text(form, "riderName"), horseName: text(form, "horseName") })));
        break;
      case "entry-back":
        updateEntry(db, user, eventId, entryId, checked(raceEntryPatchSchema.safeParse({ backNumber: text(form, "backNumber") })));
        break;
      case "draw":
        drawClass(db, user, eventId, classId, checked(raceDrawSchema.safeParse({ seed: text(form, "seed"), minGap: text(form, "minGap"), dragEvery: text(form, "dragEvery") })));
        break;
      case "draw-publish":
        drawClass(db, user, eventId, classId, { publish: true });
        break;
      case "timer-add":
        addTimer(db, user, eventId, checked(raceTimerSchema.safeParse({ email: text(form, "email") })).email);
        break;
      case "timer-remove":
        removeTimer(db, user, eventId, text(form, "userId"));
        break;
    }
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    // Refused: a 4xx with the reason shown at the form it came from, what was typed kept, nothing changed.
    const values = Object.fromEntries(TYPED.filter((k) => form.has(k)).map((k) => [k, text(form, k)]));
    const errors = (error.body.errors as Record<string, string[]> | undefined) ?? {};
    const refused: HubRefusal = { intent, classId, entryId, message: `Not saved: ${error.message}`, errors, values };
    return data({ result: null, form: null, message: refused.message, refused }, { status: error.status });
  }
  return redirectWithToast(here, { type: "success", title: DONE[intent] });
}
