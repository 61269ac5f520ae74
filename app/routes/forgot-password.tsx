import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AuthLayout } from "~/components/AuthLayout";
import { Field, FormError } from "~/components/Field";
import { requestPasswordReset } from "~/features/auth/auth.server";
import { parseEmailOnly } from "~/features/auth/forms.server";
import { useFormChecks } from "~/features/auth/useFormChecks";
import { getDb } from "~/lib/db.server";
import { formFailure, invalid, readForm } from "~/lib/forms.server";
import { limitPasswordReset } from "~/features/auth/limits.server";
import { checkEmailOnly, EMAIL_MAX } from "~/schemas/auth-rules";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Forgot Password | ${APP_NAME}` }];

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseEmailOnly(await readForm(request));
  if (submission.status !== "success") return invalid(submission);
  try {
    limitPasswordReset(context.clientIp, submission.value.email);
    // Same answer whether or not the account exists.
    await requestPasswordReset(getDb(), submission.value.email);
  } catch (error) {
    return formFailure(submission, error);
  }
  return data({ sent: true as const, email: submission.value.email });
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sent = actionData && "sent" in actionData;
  // "Send Another Email" returns to the form; a new answer shows the confirmation again.
  const [showForm, setShowForm] = useState(false);
  useEffect(() => setShowForm(false), [actionData]);
  const checks = useFormChecks(checkEmailOnly, actionData && "result" in actionData ? actionData.result : undefined);

  if (sent && !showForm) {
    return (
      <AuthLayout title="Check Your Email">
        <p className="text-gray-800">
          If an account exists for <strong className="break-all">{actionData.email}</strong>, we sent a link to reset
          your password. It expires in 1 hour. Check your spam or junk folder too.
        </p>
        <div className="mt-5 flex flex-col gap-2">
          {/* Without JavaScript the link reloads an empty form; with it, the button returns to the form. */}
          <a data-discover
            href="/forgot-password"
            className="btn-primary"
            onClick={(e) => {
              e.preventDefault();
              setShowForm(true);
            }}
          >
            Send Another Email
          </a>
          <a data-discover href="/login" className="btn-secondary">
            Back to Log In
          </a>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter your email and we'll send you a link to reset it.">
      <Form method="post" className="space-y-4" {...checks.form}>
        {checks.formError ? <FormError message={checks.formError} /> : null}
        <Field label="Email" name="email" type="email" autoComplete="email" inputMode="email" required maxLength={EMAIL_MAX} defaultValue={checks.initial("email")} errors={checks.errors("email")} />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Sending..." : "Send Reset Link"}
        </button>
      </Form>
      <p className="mt-5 text-center">
        <a data-discover href="/login" className="link">
          Back to Log In
        </a>
      </p>
    </AuthLayout>
  );
}
