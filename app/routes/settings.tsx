import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { presentCurrentUser } from "~/features/auth/presenters.server";
import { listRiders } from "~/features/riders/riders.server";
import { RidersSection } from "~/features/riders/RidersSection";
import { inviteUrl, listInviteLinks } from "~/features/invites/invites.server";
import { AccountSection } from "~/features/settings/AccountSection";
import { InvitesSection } from "~/features/settings/InvitesSection";
import { PreferencesSection } from "~/features/settings/PreferencesSection";
import { PrivacySection } from "~/features/settings/PrivacySection";
import { ProfileCard } from "~/features/settings/ProfileCard";
import { horseNames } from "~/features/settings/settings.server";
import { requireUser } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { APP_NAME, APP_VERSION, SUPPORT_EMAIL } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Profile | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const db = getDb();
  return {
    user: presentCurrentUser(user),
    riders: listRiders(db, user.id),
    horses: horseNames(db, user.id),
    invites: listInviteLinks(db, user.id).map((l) => ({ ...l, url: inviteUrl(config().appOrigin, l.code) })),
    editing: url.searchParams.get("edit") === "profile",
    confirmingDelete: url.searchParams.get("confirm") === "delete-account",
  };
}

export default function Settings() {
  const { user, riders, horses, invites, editing, confirmingDelete } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Profile" />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        <ProfileCard user={user} editing={editing} horses={horses} />

        <RidersSection riders={riders} />

        <PreferencesSection radius={user.searchRadius} />
        <PrivacySection mode={user.privacyMode} />
        <InvitesSection invites={invites} />

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
          <p className="mt-2 text-sm text-gray-600">
            ZIP code and city data: the <a className="link" href="https://www.npmjs.com/package/zipcodes">zipcodes</a> package.
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

        <AccountSection confirmingDelete={confirmingDelete} />
      </main>
    </>
  );
}
