import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/AuthLayout";
import { Field, FieldErrors, FormError } from "~/components/Field";
import { registerUser } from "~/features/auth/auth.server";
import { parseRegister } from "~/features/auth/forms.server";
import { useFormChecks } from "~/features/auth/useFormChecks";
import { inviteFor } from "~/features/invites/invites.server";
import { getUser, redirectWithToast } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { formFailure, invalid, readForm } from "~/lib/forms.server";
import { limitRegistration } from "~/features/auth/limits.server";
import { checkRegister, EMAIL_MAX, INVALID_INVITE, NAME_MAX } from "~/schemas/auth-rules";
import { APP_NAME, PRIVACY_LABELS, PRIVACY_MODES, RIDER_TYPES } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Create Your Account | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/");
  const invite = new URL(request.url).searchParams.get("invite")?.trim() || null;
  const found = invite ? inviteFor(getDb(), invite) : null;
  return { invite, inviteValid: found ? found.valid : null, inviterName: found?.inviterName ?? null };
}

export const REGISTERED_TOAST = {
  type: "success",
  title: "Welcome to Cloverleaf!",
  description: "Check your email (including the spam folder) for a link to verify your account, then log in.",
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseRegister(formData);
  const hideFields = ["password"];
  if (submission.status !== "success") return invalid(submission, { hideFields });
  try {
    limitRegistration(context.clientIp, submission.value.email);
    await registerUser(getDb(), submission.value);
  } catch (error) {
    return formFailure(submission, error, { hideFields });
  }
  return redirectWithToast("/login", REGISTERED_TOAST);
}

export function InviteBanner({ valid, inviterName = null }: { valid: boolean | null; inviterName?: string | null }) {
  if (valid === null) return null;
  return valid ? (
    <p role="status" className="mb-4 rounded-lg border border-green-300 bg-green-50 p-3 font-medium text-green-900">
      {inviterName ? `You've been invited to join ${APP_NAME} by ${inviterName}` : `You've been invited to join ${APP_NAME}`}
    </p>
  ) : (
    <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">
      {INVALID_INVITE}
    </p>
  );
}

export default function Register() {
  const { invite, inviteValid, inviterName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle";
  const checks = useFormChecks(checkRegister, actionData?.result);
  const privacyMode = checks.initial("privacyMode") ?? "INVITE_ONLY";

  return (
    <AuthLayout title="Create Your Account" subtitle="Free for riders, parents, trainers and producers.">
      <InviteBanner valid={inviteValid} inviterName={inviterName} />
      <Form method="post" className="space-y-4" {...checks.form}>
        {checks.formError ? <FormError message={`Registration Failed: ${checks.formError}`} /> : null}
        <div className="grid grid-cols-2 gap-3">
          <Field label="First name" name="firstName" autoComplete="given-name" required maxLength={NAME_MAX} defaultValue={checks.initial("firstName")} errors={checks.errors("firstName")} />
          <Field label="Last name" name="lastName" autoComplete="family-name" maxLength={NAME_MAX} defaultValue={checks.initial("lastName")} errors={checks.errors("lastName")} />
        </div>
        <Field label="Email" name="email" type="email" autoComplete="email" inputMode="email" required maxLength={EMAIL_MAX} defaultValue={checks.initial("email")} errors={checks.errors("email")} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="Must be at least 8 characters long."
          errors={checks.errors("password")}
        />
        <Field
          label="Home ZIP code"
          name="homeZipCode"
          autoComplete="postal-code"
          inputMode="numeric"
          required
          maxLength={5}
          defaultValue={checks.initial("homeZipCode")}
          errors={checks.errors("homeZipCode")}
        />
        <div>
          <label htmlFor="riderType" className="label">
            I am a
          </label>
          <select id="riderType" name="riderType" className="input" defaultValue={checks.initial("riderType") ?? "Competitor"}>
            {RIDER_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="label">Who can see my profile and runs</legend>
          <div className="space-y-2">
            {PRIVACY_MODES.map((mode) => (
              <label key={mode} className="flex min-h-[44px] cursor-pointer items-start gap-3 rounded-lg border border-gray-300 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input
                  type="radio"
                  name="privacyMode"
                  value={mode}
                  defaultChecked={privacyMode === mode}
                  className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                />
                <span>
                  <span className="block font-semibold">{PRIVACY_LABELS[mode].label}</span>
                  <span className="block text-sm text-gray-700">{PRIVACY_LABELS[mode].description}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldErrors id="privacyMode-error" errors={checks.errors("privacyMode")} />
        </fieldset>
        {invite ? <input type="hidden" name="inviteCode" value={invite} /> : null}
        <div>
          <label className="flex min-h-[44px] items-start gap-3">
            <input
              type="checkbox"
              name="agreeToTerms"
              id="agreeToTerms"
              required
              className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
              aria-invalid={checks.errors("agreeToTerms") ? true : undefined}
              aria-describedby={checks.errors("agreeToTerms") ? "agreeToTerms-error" : undefined}
            />
            <span className="text-gray-800">
              I agree to the{" "}
              <a data-discover href="/terms-of-service" className="link">
                Terms of Service
              </a>{" "}
              and{" "}
              <a data-discover href="/privacy-policy" className="link">
                Privacy Policy
              </a>
              .
            </span>
          </label>
          <FieldErrors id="agreeToTerms-error" errors={checks.errors("agreeToTerms")} />
        </div>
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Creating account..." : "Create Account"}
        </button>
      </Form>
      <div className="mt-5 flex items-center justify-center gap-2 text-gray-700">
        Already have an account?
        <a data-discover href="/login" className="btn-ghost">
          Log In
        </a>
      </div>
    </AuthLayout>
  );
}
