import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { createEventFor } from "~/features/events/editing.server";
import { EventForm, type Conflict } from "~/features/events/EventForm";
import { eventFormFailure, readEventForm } from "~/features/events/form.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { invalid } from "~/lib/forms.server";
import { APP_NAME } from "~/schemas/constants";
import { eventCreateSchema } from "~/schemas/events";

export const meta: MetaFunction = () => [{ title: `Add Event | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  // A fresh idempotency key per rendering of the form: the same form sent again
  // (Back, then Add Event once more, without JavaScript) adds one event.
  return { clientId: crypto.randomUUID() };
}

export const EVENT_ADDED = {
  type: "success",
  title: "Event Added!",
  description: "Your event was submitted for admin approval. You will be notified once it is reviewed.",
} as const;

export const EVENT_ALREADY_ADDED = {
  type: "success",
  title: "Event Already Added",
  description: "This form was sent before: your event is already waiting for admin approval.",
} as const;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const read = await readEventForm(db, user, request, eventCreateSchema);
  if (read.added) return redirectWithToast("/", EVENT_ALREADY_ADDED);
  if (!read.value) {
    if (read.error) return data({ result: read.submission.reply({ fieldErrors: { showbillUrl: [read.error] } }), conflicts: null, showbillUrl: null }, { status: 400 });
    return invalid(read.submission);
  }
  if (read.conflicts.length) {
    // Warn once; the form comes back with its values and the stored showbill, and "Add Event Anyway" adds it.
    const conflicts = read.conflicts.map((c) => ({ id: c.event.id, name: c.event.name, date: c.event.date, endDate: c.event.endDate, location: c.event.location, distance: c.distance }));
    return data({ result: read.submission.reply(), conflicts, showbillUrl: read.value.showbillUrl ?? null }, { status: 409 });
  }
  try {
    const { created } = createEventFor(db, user, read.value);
    return redirectWithToast("/", created ? EVENT_ADDED : EVENT_ALREADY_ADDED);
  } catch (error) {
    return eventFormFailure(read.submission, error);
  }
}

export default function AddEvent() {
  const { clientId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const extra = (actionData ?? null) as { conflicts?: Conflict[] | null; showbillUrl?: string | null } | null;
  return (
    <>
      <PageHeader title="Add Event" back="/" />
      <main id="main" className="mx-auto max-w-2xl px-4 py-4 pb-24">
        <EventForm
          mode="create"
          lastResult={actionData?.result}
          conflicts={extra?.conflicts}
          uploadedShowbill={extra?.showbillUrl}
          cancelTo="/"
          clientId={clientId}
          // Not the page's own URL: a POST makes the browser drop its cached copy of the URL it
          // went to, and Back would then fetch a fresh form with a new clientId.
          action="/add-event?send"
          key={extra?.conflicts ? "conflicts" : "form"}
        />
      </main>
    </>
  );
}
