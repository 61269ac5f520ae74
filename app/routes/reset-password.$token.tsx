import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/AuthLayout";
import { Field, FormError } from "~/components/Field";
import { Spinner } from "~/components/Spinner";
import { isResetTokenValid, resetPassword } from "~/features/auth/auth.server";
import { parseResetPassword } from "~/features/auth/forms.server";
import { useFormChecks } from "~/features/auth/useFormChecks";
import { getDb } from "~/lib/db.server";
import { formFailure, invalid, readForm } from "~/lib/forms.server";
import { checkResetPassword } from "~/schemas/auth-rules";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Reset Password | ${APP_NAME}` }, { name: "referrer", content: "same-origin" }];

export async function loader({ params }: LoaderFunctionArgs) {
  return { valid: isResetTokenValid(getDb(), params.token ?? "") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const submission = parseResetPassword(await readForm(request));
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return invalid(submission, { hideFields });
  try {
    await resetPassword(getDb(), params.token ?? "", submission.value.password);
  } catch (error) {
    return formFailure(submission, error, { hideFields });
  }
  return data({ done: true as const });
}

export default function ResetPassword() {
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const checks = useFormChecks(checkResetPassword, actionData && "result" in actionData ? actionData.result : undefined);

  if (navigation.state === "loading" && navigation.location.pathname.startsWith("/reset-password/")) {
    return (
      <AuthLayout title="Reset Password">
        <Spinner label="Validating reset link..." />
      </AuthLayout>
    );
  }
  if (actionData && "done" in actionData) {
    return (
      <AuthLayout title="Password Reset Complete" subtitle="Password reset successful! You can now sign in with your new password.">
        <a data-discover href="/login" className="btn-primary w-full">
          Sign In
        </a>
      </AuthLayout>
    );
  }
  if (!valid) {
    return (
      <AuthLayout title="Invalid Reset Link" subtitle="This password reset link is invalid, has already been used, or has expired.">
        <a data-discover href="/forgot-password" className="btn-primary w-full">
          Request New Reset Link
        </a>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Choose a new password">
      <Form method="post" className="space-y-4" {...checks.form}>
        {checks.formError ? <FormError message={`Reset failed: ${checks.formError}`} /> : null}
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="Must be at least 8 characters long."
          errors={checks.errors("password")}
        />
        <Field label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" required errors={checks.errors("confirmPassword")} />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Resetting..." : "Reset Password"}
        </button>
      </Form>
    </AuthLayout>
  );
}
