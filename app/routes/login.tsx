import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { AuthLayout } from "~/components/AuthLayout";
import { Field, FormError } from "~/components/Field";
import { showToast } from "~/components/Toaster";
import { LoginFailure, resendVerification } from "~/features/auth/auth.server";
import { EmailVerificationDialog } from "~/features/auth/EmailVerificationDialog";
import { parseEmailOnly, parseLogin } from "~/features/auth/forms.server";
import { useFormChecks } from "~/features/auth/useFormChecks";
import { authenticate } from "~/features/auth/login.server";
import { getUser, redirectWithToast, startSession } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { invalid, readForm } from "~/lib/forms.server";
import { limitSignIn, limitVerificationResend } from "~/features/auth/limits.server";
import { safeRedirect } from "~/features/events/redirect";
import { checkLogin, EMAIL_MAX } from "~/schemas/auth-rules";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Log In | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  if (await getUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export const VERIFICATION_SENT = {
  type: "success",
  title: "Verification Email Sent",
  description: "Verification email sent successfully! Please check your inbox and spam/junk folders.",
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);

  if (formData.get("intent") === "resend") {
    const submission = parseEmailOnly(formData);
    if (submission.status !== "success") return invalid(submission);
    try {
      limitVerificationResend(context.clientIp, submission.value.email);
      await resendVerification(getDb(), submission.value.email);
      return data({ resent: true, unverifiedEmail: submission.value.email });
    } catch (error) {
      if (!(error instanceof HttpError)) console.error(error);
      return data(
        { resendError: "Failed to send verification email. Please try again.", unverifiedEmail: submission.value.email },
        { status: error instanceof HttpError ? error.status : 500 },
      );
    }
  }

  const submission = parseLogin(formData);
  if (submission.status !== "success") return invalid(submission, { hideFields: ["password"] });
  try {
    const user = await limitSignIn(context.clientIp, submission.value.email, () => authenticate(request, formData));
    const cookie = await startSession(request, user.id);
    // A successful login is a full page load to / (or back to the same-origin page that sent the visitor here).
    // The first sign-in of an account is a welcome, not a welcome back.
    const title = user.lastLoginAt ? "Welcome back!" : `Welcome to ${APP_NAME}, ${user.firstName}!`;
    return redirectWithToast(safeRedirect(formData.get("redirectTo"), "/"), { type: "success", title }, { headers: { "Set-Cookie": cookie }, document: true });
  } catch (error) {
    if (error instanceof LoginFailure || error instanceof HttpError) {
      return data(
        {
          result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }),
          unverifiedEmail: error instanceof LoginFailure && error.body.showResendOption ? submission.value.email : undefined,
        },
        { status: error.status },
      );
    }
    throw error;
  }
}

export default function Login() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") !== "resend";
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const checks = useFormChecks(checkLogin, lastResult);

  const unverifiedEmail = actionData && "unverifiedEmail" in actionData ? actionData.unverifiedEmail : undefined;
  const [dialogOpen, setDialogOpen] = useState(Boolean(unverifiedEmail));
  useEffect(() => setDialogOpen(Boolean(unverifiedEmail)), [actionData, unverifiedEmail]);
  const onResendResult = useCallback((result: { resent?: boolean; resendError?: string }) => {
    if (result.resent) showToast(VERIFICATION_SENT);
    else if (result.resendError) showToast({ type: "error", title: "Error", description: result.resendError });
  }, []);

  // Without JavaScript the resend answer re-renders this page: say so here.
  const resendNotice =
    actionData && "resent" in actionData ? VERIFICATION_SENT.description : actionData && "resendError" in actionData ? actionData.resendError : null;
  const loginError = checks.formError;

  return (
    <AuthLayout title="Welcome back" subtitle="Log in to find races and log your runs.">
      <Form method="post" className="space-y-4" {...checks.form}>
        {loaded?.redirectTo && loaded.redirectTo !== "/" ? <input type="hidden" name="redirectTo" value={loaded.redirectTo} /> : null}
        {loginError && !unverifiedEmail ? (
          <FormError message={`Login Failed: ${loginError}`} />
        ) : null}
        {resendNotice ? <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900">{resendNotice}</p> : null}
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={EMAIL_MAX}
          defaultValue={checks.initial("email")}
          errors={checks.errors("email")}
        />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required errors={checks.errors("password")} />
        <div className="text-right">
          <a data-discover href="/forgot-password" className="link text-sm">
            Forgot your password?
          </a>
        </div>
        <button type="submit" name="intent" value="login" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Logging in..." : "Log In"}
        </button>
      </Form>
      <p className="mt-5 text-center text-gray-700">
        Don&apos;t have an account?{" "}
        <a data-discover href="/register" className="link">
          Sign up
        </a>
      </p>
      {unverifiedEmail ? (
        <EmailVerificationDialog
          email={unverifiedEmail}
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          onResult={onResendResult}
        />
      ) : null}
    </AuthLayout>
  );
}
