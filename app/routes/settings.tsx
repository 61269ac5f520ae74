import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { presentCurrentUser } from "~/features/auth/presenters.server";
import { listRiders } from "~/features/riders/riders.server";
import { RidersSection } from "~/features/riders/RidersSection";
import { requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { APP_NAME, APP_VERSION, PRIVACY_LABELS, SUPPORT_EMAIL } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Profile | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { user: presentCurrentUser(user), riders: listRiders(getDb(), user.id) };
}

export default function Settings() {
  const { user, riders } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Profile" />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        <section className="card flex items-center gap-4" aria-label="Your profile">
          <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-200 text-2xl font-bold text-brand-900" aria-hidden>
            {user.firstName.slice(0, 1).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="text-lg font-bold text-gray-900">
              {user.firstName} {user.lastName}
            </p>
            {user.homeZipCode ? <p className="text-gray-700">ZIP {user.homeZipCode}</p> : null}
            <p className="flex flex-wrap items-center gap-2 break-all text-gray-700">
              {user.email}
              {user.emailVerified ? (
                <span className="text-green-700" aria-label="Verified">
                  ✓
                </span>
              ) : (
                <span className="rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">Unverified</span>
              )}
            </p>
          </div>
        </section>

        <RidersSection riders={riders} />

        <section className="card">
          <h2 className="font-bold text-gray-900">Privacy &amp; Visibility</h2>
          <p className="mt-1 text-gray-800">
            <span className="font-semibold">{PRIVACY_LABELS[user.privacyMode].label}</span>:{" "}
            {PRIVACY_LABELS[user.privacyMode].description}
          </p>
        </section>

        <section className="card">
          <h2 className="font-bold text-gray-900">About</h2>
          <p className="mt-1 text-gray-700">
            {APP_NAME} version {APP_VERSION}
          </p>
          <p className="mt-2 flex gap-4">
            <Link to="/privacy-policy" className="link">
              Privacy Policy
            </Link>
            <Link to="/terms-of-service" className="link">
              Terms of Service
            </Link>
          </p>
          <p className="mt-2 text-gray-700">
            Questions or problems? Email{" "}
            <a className="link" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        </section>

        <Form method="post" action="/logout">
          <button type="submit" className="btn-secondary w-full">
            Sign Out
          </button>
        </Form>
      </main>
    </>
  );
}
