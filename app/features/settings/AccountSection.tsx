import { Form } from "@remix-run/react";
import { ConfirmAction } from "~/components/ConfirmAction";
import { PASSWORD_MIN } from "~/schemas/constants";

type Result = { intent: "change-password" | "delete-account"; error?: string; fields?: Record<string, string> } | undefined;

/**
 * Your account: change password, download my data, delete my account. Both
 * forms answer on /settings, so a refusal re-renders this section with its
 * panel open and the message beside the field, with or without JavaScript;
 * the form's #account anchor brings a page reloaded without JavaScript back
 * here.
 */
export function AccountSection({ result }: { result: Result }) {
  const password = result?.intent === "change-password" ? result : undefined;
  const deletion = result?.intent === "delete-account" ? result : undefined;
  return (
    <section id="account" className="card scroll-mt-20 space-y-3" aria-labelledby="account-title">
      <h2 id="account-title" className="font-bold text-gray-900">
        Your account
      </h2>
      <ChangePassword result={password} />
      <a href="/api/account/export" download className="btn-secondary w-full">
        Download My Data
      </a>
      <ConfirmAction
        label="Delete My Account"
        size="block"
        action="/settings#account"
        open={Boolean(deletion)}
        error={deletion?.error}
        question="This deletes your profile, riders, runs, videos, saved events and follows for good. Events you posted stay listed without your name."
        hidden={{ intent: "delete-account" }}
      >
        <label htmlFor="delete-password" className="label">
          Your password
        </label>
        <input
          id="delete-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={deletion?.error ? true : undefined}
          className="input"
        />
      </ConfirmAction>
    </section>
  );
}

function ChangePassword({ result }: { result: Result }) {
  const fields = result?.fields ?? {};
  const field = (name: string, label: string, autoComplete: string, hint?: string) => {
    const error = fields[name];
    const describedBy = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
    return (
      <div>
        <label htmlFor={name} className="label">
          {label}
        </label>
        <input
          id={name}
          name={name}
          type="password"
          autoComplete={autoComplete}
          required
          minLength={name === "currentPassword" ? undefined : PASSWORD_MIN}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="input"
        />
        {hint ? (
          <p id={`${name}-hint`} className="mt-1 text-sm text-gray-700">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <details className="group rounded-lg border border-gray-200" open={result ? true : undefined}>
      <summary className="flex min-h-[44px] cursor-pointer list-none items-center justify-between px-3 font-semibold text-brand-800 [&::-webkit-details-marker]:hidden">
        Change Password
        <span aria-hidden className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <Form method="post" action="/settings#account" preventScrollReset className="space-y-3 border-t border-gray-200 p-3">
        <input type="hidden" name="intent" value="change-password" />
        {field("currentPassword", "Current password", "current-password")}
        {field("newPassword", "New password", "new-password", `At least ${PASSWORD_MIN} characters. Your other devices will be signed out.`)}
        {field("confirmPassword", "Confirm new password", "new-password")}
        {result?.error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {result.error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full">
          Change Password
        </button>
      </Form>
    </details>
  );
}
