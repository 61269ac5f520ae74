import { Form, Link } from "@remix-run/react";

/** Download my data, and delete my account (confirmed with the password). */
export function AccountSection({ confirmingDelete }: { confirmingDelete: boolean }) {
  return (
    <section className="card space-y-3" aria-labelledby="account-title">
      <h2 id="account-title" className="font-bold text-gray-900">
        Your account
      </h2>
      <a href="/api/account/export" download className="btn-secondary w-full">
        Download My Data
      </a>
      {confirmingDelete ? (
        <Form method="post" action="/settings/account" className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3" aria-label="Delete account">
          <input type="hidden" name="intent" value="delete-account" />
          <p className="font-medium text-red-900">
            This deletes your profile, riders, runs, videos, saved events and follows for good. Events you posted stay listed without your name.
          </p>
          <label htmlFor="delete-password" className="label">
            Your password
          </label>
          <input id="delete-password" name="password" type="password" autoComplete="current-password" required className="input" />
          <div className="flex gap-2">
            <button type="submit" className="btn flex-1 bg-red-700 text-white hover:bg-red-800">
              Delete My Account
            </button>
            <Link to="/settings" className="btn-secondary flex-1">
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <Link to="?confirm=delete-account#account-title" className="btn w-full border border-red-300 bg-white text-red-800 hover:bg-red-50">
          Delete My Account
        </Link>
      )}
    </section>
  );
}
