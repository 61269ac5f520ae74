import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { updateEventFor } from "~/features/events/editing.server";
import { EventForm } from "~/features/events/EventForm";
import { eventFormFailure, readEventForm } from "~/features/events/form.server";
import { PendingChangePanel } from "~/features/events/PendingChange";
import { pendingChangesFor, withdrawRevision } from "~/features/events/revisions.server";
import { getEditableEvent } from "~/features/events/visibility.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { invalid } from "~/lib/forms.server";
import { HttpError } from "~/lib/http.server";
import { APP_NAME } from "~/schemas/constants";
import { EVENT_CHANGE_PENDING, eventEditSchema, type EventUpdateInput } from "~/schemas/events";

/** Optional fields of the edit form: blank means none. */
const CLEARABLE = [
  "endDate", "address", "arenaName", "groundType", "addedMoney", "entryFee", "description",
  "contactName", "contactPhone", "contactEmail", "contactFacebook",
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
    currentShowbill: v.showbillUrl ?? null,
    defaults: {
      name: v.name, location: v.location, zipCode: v.zipCode, address: v.address, arenaName: v.arenaName, arenaType: v.arenaType,
      groundType: v.groundType, addedMoney: v.addedMoney == null ? null : String(v.addedMoney), date: v.date, endDate: v.endDate,
      contactName: v.contactName, contactPhone: v.contactPhone, contactEmail: v.contactEmail, contactFacebook: v.contactFacebook,
      eventType: v.eventType, description: v.description, entryFee: v.entryFee,
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

/**
 * Edit (a full-screen sheet): keep, remove or replace the showbill. A
 * creator's change to a listed event waits for review; ?intent=withdraw
 * takes a pending change back.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const event = editable(user, params.id ?? "");
  if (new URL(request.url).searchParams.get("intent") === "withdraw") {
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
  const { id, defaults, currentShowbill, pending } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Edit Event" back={`/?eventId=${id}`} />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4 pb-24">
        {pending ? <PendingChangePanel pending={pending} withdrawAction={`/events/${id}/edit?intent=withdraw`} /> : null}
        <EventForm mode="edit" lastResult={actionData?.result} defaults={defaults} currentShowbill={currentShowbill} cancelTo={`/?eventId=${id}`} />
      </main>
    </>
  );
}
