import { data } from "@remix-run/node";
import type { User } from "#db/schema";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { invalid, readForm } from "~/lib/forms.server";
import { asPage, HttpError } from "~/lib/http.server";
import { EVENT_CHANGE_PENDING, eventEditSchema, eventStatusSchema, EVENT_STATUSES, type EventStatus, type EventUpdateInput } from "~/schemas/events";
import { updateEventFor } from "./editing.server";
import { eventFormFailure, readEventForm } from "./form.server";
import { pendingChangesFor, withdrawRevision } from "./revisions.server";
import { setEventStatus } from "./status.server";
import { getEditableEvent } from "./visibility.server";

/*
 * The event's edit screen (/events/{id}/edit) as its route answers it: the
 * form filled with the event (or its creator's pending change), and its
 * posts: the edit itself, a status change (postpone, cancel, back on
 * schedule) and taking a pending change back.
 */

/** Optional fields of the edit form: blank means none. */
const CLEARABLE = [
  "endDate", "address", "arenaName", "groundType", "addedMoney", "entryFee", "description",
  "contactName", "contactPhone", "contactEmail", "contactFacebook", "entriesClose", "entryContact",
] as const;

/** The event its creator (or an admin) may edit: the error page for anyone else. */
function editable(user: User, id: string) {
  return asPage(() => getEditableEvent(getDb(), user, id));
}

export async function editEventScreen(request: Request, eventId: string) {
  const user = await requireUser(request);
  const e = editable(user, eventId);
  const pending = pendingChangesFor(getDb(), user, [e]).get(e.id) ?? null;
  // The creator edits their pending change, if they have one, on top of the listed event.
  const v = { ...e, ...pending?.changes };
  return {
    id: e.id,
    pending,
    // Only a listed event has a status to change.
    status: e.showbillApproved ? { status: e.status, reason: e.statusReason } : null,
    currentShowbill: v.showbillUrl ?? null,
    defaults: {
      name: v.name, location: v.location, zipCode: v.zipCode, address: v.address, arenaName: v.arenaName, arenaType: v.arenaType,
      groundType: v.groundType, addedMoney: v.addedMoney == null ? null : String(v.addedMoney), date: v.date, endDate: v.endDate,
      contactName: v.contactName, contactPhone: v.contactPhone, contactEmail: v.contactEmail, contactFacebook: v.contactFacebook,
      eventType: v.eventType, description: v.description, entryFee: v.entryFee, entriesClose: v.entriesClose, entryContact: v.entryContact,
    },
  };
}

const EVENT_UPDATED = {
  type: "success",
  title: "Event Updated",
  description: "Your changes were submitted for admin approval. You will be notified once it is reviewed.",
} as const;
const EVENT_UPDATED_LIVE = { type: "success", title: "Event Updated", description: "The changes are listed now." } as const;
const EVENT_CHANGE_SENT = { type: "success", title: "Change Sent for Review", description: EVENT_CHANGE_PENDING } as const;
const EVENT_CHANGE_WITHDRAWN = { type: "success", title: "Change Withdrawn", description: "The event stays listed as it was." } as const;
const STATUS_TOASTS: Record<EventStatus, { type: "success"; title: string; description: string }> = {
  CANCELLED: { type: "success", title: "Event Cancelled", description: "It stays listed as cancelled with your reason." },
  POSTPONED: { type: "success", title: "Event Postponed", description: "It stays listed as postponed with your reason." },
  SCHEDULED: { type: "success", title: "Event Back on Schedule", description: "It shows in the upcoming lists and searches again." },
};

/** ?intent=status: postpone, cancel or put back on schedule (the status panel's confirmations). */
async function changeStatus(request: Request, user: User, id: string) {
  const form = await readForm(request);
  const asked = String(form.get("status") ?? "");
  const status = (EVENT_STATUSES as readonly string[]).includes(asked) ? (asked as EventStatus) : "SCHEDULED";
  const reason = typeof form.get("reason") === "string" ? String(form.get("reason")) : undefined;
  const parsed = eventStatusSchema.safeParse({ status: asked, reason });
  if (!parsed.success) return data({ statusError: { status, message: parsed.error.issues[0]?.message ?? "Invalid status", reason } }, { status: 400 });
  try {
    const event = setEventStatus(getDb(), user, id, parsed.data);
    // The creator finds the event among their own, its card brought into view and marked; an admin on its page.
    // A fragment of its own either way: a redirect without one would keep the form's #event-status.
    const to = event.createdBy === user.id ? `/events?folder=created&eventId=${id}#event-${id}` : `/share/event/${id}#main`;
    return redirectWithToast(to, STATUS_TOASTS[parsed.data.status]);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    return data({ statusError: { status, message: error.message, reason } }, { status: error.status });
  }
}

/**
 * Edit (a full-screen sheet): keep, remove or replace the showbill. A
 * creator's change to a listed event waits for review; ?intent=withdraw
 * takes a pending change back.
 */
export async function editEventAction(request: Request, eventId: string) {
  const user = await requireUser(request);
  const db = getDb();
  const event = editable(user, eventId);
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent === "status") return changeStatus(request, user, event.id);
  if (intent === "withdraw") {
    try {
      withdrawRevision(db, user, event.id);
    } catch (error) {
      if (error instanceof HttpError) return redirectWithToast(`/events/${event.id}/edit`, { type: "error", title: "Nothing to Withdraw", description: error.message });
      throw error;
    }
    return redirectWithToast("/events?folder=created", EVENT_CHANGE_WITHDRAWN);
  }
  const read = await readEventForm(db, user, request, eventEditSchema, { excludeId: event.id });
  if (!read.value) {
    if (read.error) return data({ result: read.submission.reply({ fieldErrors: { showbillUrl: [read.error] } }) }, { status: 400 });
    return invalid(read.submission);
  }
  // The form sends every field: one left blank is cleared, not kept.
  const cleared = Object.fromEntries(CLEARABLE.map((k) => [k, read.value[k] ?? null]));
  const input = { ...read.value, ...cleared } as EventUpdateInput;
  if (input.showbillUrl === undefined || input.showbillUrl === "") delete input.showbillUrl;
  try {
    const { event: listed, revision } = updateEventFor(db, user, event.id, input);
    if (revision) return redirectWithToast("/events?folder=created", EVENT_CHANGE_SENT);
    return redirectWithToast(`/?eventId=${event.id}`, listed.showbillApproved ? EVENT_UPDATED_LIVE : EVENT_UPDATED);
  } catch (error) {
    return eventFormFailure(read.submission, error);
  }
}
