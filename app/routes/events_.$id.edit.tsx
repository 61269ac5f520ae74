import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { editEventAction, editEventScreen } from "~/features/events/editScreen.server";
import { EventForm } from "~/features/events/EventForm";
import { PendingChangePanel } from "~/features/events/PendingChange";
import { StatusPanel } from "~/features/events/StatusPanel";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Edit Event | ${APP_NAME}` }];

export const loader = ({ request, params }: LoaderFunctionArgs) => editEventScreen(request, params.id ?? "");
export const action = ({ request, params }: ActionFunctionArgs) => editEventAction(request, params.id ?? "");

export default function EditEvent() {
  const { id, defaults, currentShowbill, pending, status } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const statusError = actionData && "statusError" in actionData ? actionData.statusError : null;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <>
      <PageHeader title="Edit Event" back={`/?eventId=${id}`} />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4 pb-24">
        {statusError ? (
          // The status panel is far down the page: the top says what failed and leads there.
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
            <p className="font-semibold">The event&apos;s status was not changed: {statusError.message}</p>
            <a href="#event-status" className="link mt-1 inline-flex min-h-[44px] items-center">
              Go to Status
            </a>
          </div>
        ) : null}
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
