import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { updateEventFor } from "~/features/events/editing.server";
import { EventForm } from "~/features/events/EventForm";
import { eventFormFailure, readEventForm } from "~/features/events/form.server";
import { PendingChangePanel } from "~/features/events/PendingChange";
import { StatusPanel } from "~/features/events/StatusPanel";
import { setEventStatus } from "~/features/events/status.server";
import { pendingChangesFor, withdrawRevision } from "~/features/events/revisions.server";
import { getEditableEvent } from "~/features/events/visibility.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { invalid, readForm } from "~/lib/forms.server";
import { HttpError } from "~/lib/http.server";
import { APP_NAME } from "~/schemas/constants";
import { EVENT_CHANGE_PENDING, eventEditSchema, eventStatusSchema, EVENT_STATUSES, type EventStatus, type EventUpdateInput } from "~/schemas/events";

/** Optional fields of the edit form: blank means none. */
const CLEARABLE = [
  "endDate", "address", "arenaName", "groundType", "addedMoney", "entryFee", "description",
  "contactName", "contactPhone", "contactEmail", "contactFacebook", "entriesClose", "entryContact",
] as const;

export const meta: MetaFunction = () => [{ title: `Edit Event | ${APP_NAME}` }];

function editable(user: Awaited<ReturnType<typeof requireUser>>, id: string) {
  try {
    return getEditableEvent(getDb(), user, id);
  } catch (error) {
    if (error instanceof HttpError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const e = editable(user, params.id ?? "");
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

export const EVENT_UPDATED = {
  type: "success",
  title: "Event Updated",
  description: "Your changes were submitted for admin approval. You will be notified once it is reviewed.",
} as const;
export const EVENT_UPDATED_LIVE = { type: "success", title: "Event Updated", description: "The changes are listed now." } as const;
export const EVENT_CHANGE_SENT = { type: "success", title: "Change Sent for Review", description: EVENT_CHANGE_PENDING } as const;
export const EVENT_CHANGE_WITHDRAWN = { type: "success", title: "Change Withdrawn", description: "The event stays listed as it was." } as const;
const STATUS_TOASTS: Record<EventStatus, { type: "success"; title: string; description: string }> = {
  CANCELLED: { type: "success", title: "Event Cancelled", description: "It stays listed as cancelled with your reason." },
  POSTPONED: { type: "success", title: "Event Postponed", description: "It stays listed as postponed with your reason." },
  SCHEDULED: { type: "success", title: "Event Back on Schedule", description: "It shows in the upcoming lists and searches again." },
};

/** ?intent=status: postpone, cancel or put back on schedule (the status panel's confirmations). */
async function changeStatus(request: Request, user: Awaited<ReturnType<typeof requireUser>>, id: string) {
  const form = await readForm(request);
  const asked = String(form.get("status") ?? "");
  const status = (EVENT_STATUSES as readonly string[]).includes(asked) ? (asked as EventStatus) : "SCHEDULED";
  const parsed = eventStatusSchema.safeParse({ status: asked, reason: form.get("reason") ?? undefined });
  if (!parsed.success) return data({ statusError: { status, message: parsed.error.issues[0]?.message ?? "Invalid status" } }, { status: 400 });
  try {
    const event = setEventStatus(getDb(), user, id, parsed.data);
    // The creator finds the event among their own; an admin on its page.
    const to = event.createdBy === user.id ? "/events?folder=created" : `/share/event/${id}`;
    return redirectWithToast(to, STATUS_TOASTS[parsed.data.status]);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    return data({ statusError: { status, message: error.message } }, { status: error.status });
  }
}

/**
 * Edit (a full-screen sheet): keep, remove or replace the showbill. A
 * creator's change to a listed event waits for review; ?intent=withdraw
 * takes a pending change back.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const event = editable(user, params.id ?? "");
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
    if (read.error) return data({ result: read.submission.reply({ formErrors: [read.error] }) }, { status: 400 });
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

export default function EditEvent() {
  const { id, defaults, currentShowbill, pending, status } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const statusError = actionData && "statusError" in actionData ? actionData.statusError : null;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <>
      <PageHeader title="Edit Event" back={`/?eventId=${id}`} />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4 pb-24">
        {pending ? <PendingChangePanel pending={pending} withdrawAction={`/events/${id}/edit?intent=withdraw`} /> : null}
        <EventForm mode="edit" lastResult={result} defaults={defaults} currentShowbill={currentShowbill} cancelTo={`/?eventId=${id}`} />
        {status ? <StatusPanel id={id} status={status.status} reason={status.reason} error={statusError} /> : null}
        <a data-discover href={`/events/${id}/series`} className="card flex min-h-[56px] items-center justify-between font-semibold text-brand-800 hover:bg-brand-50">
          Count in a series <span aria-hidden>›</span>
        </a>
      </main>
    </>
  );
}
