import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { getEditableEvent } from "~/features/events/visibility.server";
import { updateEventFor } from "~/features/events/editing.server";
import { EventForm } from "~/features/events/EventForm";
import { readEventForm } from "~/features/events/form.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { formFailure, invalid } from "~/lib/forms.server";
import { HttpError } from "~/lib/http.server";
import { APP_NAME } from "~/schemas/constants";
import { eventEditSchema } from "~/schemas/events";

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
  return {
    id: e.id,
    currentShowbill: e.showbillUrl,
    defaults: {
      name: e.name, location: e.location, zipCode: e.zipCode, address: e.address, arenaName: e.arenaName, arenaType: e.arenaType,
      groundType: e.groundType, addedMoney: e.addedMoney === null ? null : String(e.addedMoney), date: e.date, endDate: e.endDate,
      contactName: e.contactName, contactPhone: e.contactPhone, contactEmail: e.contactEmail, contactFacebook: e.contactFacebook,
      eventType: e.eventType, description: e.description, entryFee: e.entryFee,
    },
  };
}

export const EVENT_UPDATED = {
  type: "success",
  title: "Event Updated",
  description: "Your changes were submitted for admin approval. You will be notified once it is reviewed.",
} as const;

/** Edit (SPEC.md "edit event" modal, a full-screen sheet here): keep, remove or replace the showbill. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const event = editable(user, params.id ?? "");
  const read = await readEventForm(db, user, request, eventEditSchema, { excludeId: event.id });
  if (!read.value) {
    if (read.error) return data({ result: read.submission.reply({ formErrors: [read.error] }) }, { status: 400 });
    return invalid(read.submission);
  }
  const input = { ...read.value, endDate: read.value.endDate ?? null };
  if (input.showbillUrl === undefined || input.showbillUrl === "") delete input.showbillUrl;
  try {
    updateEventFor(db, user, event.id, input);
  } catch (error) {
    return formFailure(read.submission, error);
  }
  return redirectWithToast(`/?eventId=${event.id}`, EVENT_UPDATED);
}

export default function EditEvent() {
  const { id, defaults, currentShowbill } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Edit Event" back={`/?eventId=${id}`} />
      <main id="main" className="mx-auto max-w-2xl px-4 py-4 pb-24">
        <EventForm mode="edit" lastResult={actionData?.result} defaults={defaults} currentShowbill={currentShowbill} cancelTo={`/?eventId=${id}`} />
      </main>
    </>
  );
}
