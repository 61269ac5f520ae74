import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Dialog } from "~/components/Dialog";
import { FieldErrors, FormError } from "~/components/Field";
import { getVisibleEvent } from "~/features/events/visibility.server";
import { hasOpenReport, reportEvent } from "~/features/events/reports.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { formFailure, invalid, readForm } from "~/lib/forms.server";
import { APP_NAME, REPORT_DESCRIPTION_MAX } from "~/schemas/constants";
import { EVENT_MESSAGES, EVENT_REPORT_LABELS, EVENT_REPORT_REASONS, eventReportSchema } from "~/schemas/events";

export const meta: MetaFunction = () => [{ title: `Report Event | ${APP_NAME}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const event = getVisibleEvent(getDb(), params.id ?? "", user);
  if (!event) throw new Response("Event not found", { status: 404 });
  return { id: event.id, name: event.name, alreadyReported: hasOpenReport(getDb(), user.id, event.id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  form.set("eventId", params.id ?? "");
  const submission = parseWithZod(form, { schema: eventReportSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    reportEvent(getDb(), user, submission.value);
  } catch (error) {
    return formFailure(submission, error);
  }
  return redirectWithToast(`/?eventId=${params.id}`, { type: "success", title: "Event Reported", description: "Thank you. An admin will review it." });
}

/** The "Report event" dialog: a page of its own, so it opens from a plain link and works without JavaScript. */
export default function ReportEvent() {
  const { id, name, alreadyReported } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [count, setCount] = useState(0);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(eventReportSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => {
      formData.set("eventId", id);
      return parseWithZod(formData, { schema: eventReportSchema });
    },
  });
  return (
    <main id="main" className="min-h-screen bg-black/40">
      <Dialog open title="Report Event">
        <p className="text-gray-800">
          Why are you reporting <strong>{name}</strong>?
        </p>
        {alreadyReported ? (
          <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
            {EVENT_MESSAGES.alreadyReported}
          </p>
        ) : null}
        <Form method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
          {form.errors?.length ? <FormError message={`Error: ${form.errors[0]}`} /> : null}
          <fieldset>
            <legend className="label">Reason</legend>
            <div className="space-y-1">
              {EVENT_REPORT_REASONS.map((r) => (
                <label key={r} className="flex min-h-[44px] items-center gap-3 rounded-lg border border-gray-200 px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                  <input type="radio" name={fields.reason.name} value={r} className="h-5 w-5 accent-brand-700" />
                  {EVENT_REPORT_LABELS[r]}
                </label>
              ))}
            </div>
            <FieldErrors id={`${fields.reason.id}-error`} errors={fields.reason.errors} />
          </fieldset>
          <div>
            <label htmlFor={fields.description.id} className="label">
              Details (optional)
            </label>
            <textarea
              className="input min-h-[88px]"
              {...getTextareaProps(fields.description)}
              maxLength={REPORT_DESCRIPTION_MAX}
              onChange={(e) => setCount(e.target.value.length)}
            />
            <p className="mt-1 text-right text-sm text-gray-600" aria-live="polite">
              {count}/{REPORT_DESCRIPTION_MAX}
            </p>
            <FieldErrors id={`${fields.description.id}-error`} errors={fields.description.errors} />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <a data-discover href={`/?eventId=${id}`} className="btn-secondary">
              Cancel
            </a>
            <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Sending..." : "Report"}
            </button>
          </div>
        </Form>
      </Dialog>
    </main>
  );
}
