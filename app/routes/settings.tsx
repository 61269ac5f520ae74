import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { listSavedSearches } from "~/features/alerts/saved-searches.server";
import { presentCurrentUser } from "~/features/auth/presenters.server";
import { listRidersWithRuns } from "~/features/riders/riders.server";
import { RidersSection } from "~/features/riders/RidersSection";
import { inviteUrl, listInviteLinks } from "~/features/invites/invites.server";
import { alertSettings } from "~/features/alerts/preferences.server";
import { AccountSection } from "~/features/settings/AccountSection";
import { AlertChannelsSection } from "~/features/settings/AlertChannelsSection";
import { InvitesSection } from "~/features/settings/InvitesSection";
import { PreferencesSection } from "~/features/settings/PreferencesSection";
import { PrivacySection } from "~/features/settings/PrivacySection";
import { ProfileCard } from "~/features/settings/ProfileCard";
import { SavedSearchesSection } from "~/features/settings/SavedSearchesSection";
import { PROFILE_UPDATED, saveProfileForm, type ProfileFormRefusal } from "~/features/settings/profile-form.server";
import {
  changePassword,
  deleteAccount,
  horseNames,
} from "~/features/settings/settings.server";
import {
  endSession,
  redirectWithToast,
  requireUser,
  startSession,
} from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { HttpError, rethrowStorageFailure } from "~/lib/http.server";
import { changePasswordSchema } from "~/schemas/auth";
import { APP_NAME, APP_VERSION, SUPPORT_EMAIL } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Profile | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const db = getDb();
  return {
    user: presentCurrentUser(user),
    riders: listRidersWithRuns(db, user.id),
    horses: horseNames(db, user.id),
    invites: listInviteLinks(db, user.id).map((l) => ({
      ...l,
      url: inviteUrl(config().appOrigin, l.code),
    })),
    editing: url.searchParams.get("edit") === "profile",
    savedSearches: listSavedSearches(db, user.id),
    alerts: alertSettings(db, user),
    vapidPublicKey: config().vapid.publicKey,
  };
}

type PasswordResult = {
  intent: "change-password" | "delete-account";
  error?: string;
  fields?: Record<string, string>;
};
type AccountResult = PasswordResult | ({ intent: "profile" } & ProfileFormRefusal);

/**
 * The account's own forms and Edit profile, which answer on this page so a
 * refusal shows in place, the panel still open and everything typed kept
 * (the other Settings forms post to /settings/account).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  if (form.get("intent") === "profile") {
    try {
      const saved = saveProfileForm(getDb(), user, form);
      if ("refused" in saved) return data<AccountResult>({ intent: "profile", ...saved.refused }, { status: saved.status });
      return saved.changed ? redirectWithToast("/settings", { type: "success", title: PROFILE_UPDATED }) : redirect("/settings");
    } catch (error) {
      rethrowStorageFailure(error, request);
      throw error;
    }
  }
  const intent =
    form.get("intent") === "delete-account"
      ? "delete-account"
      : "change-password";
  const refuse = (result: Omit<PasswordResult, "intent">, status = 400) =>
    data<AccountResult>({ intent, ...result }, { status });
  const db = getDb();
  try {
    if (intent === "delete-account") {
      await deleteAccount(db, user, String(form.get("password") ?? ""));
      const headers = { "Set-Cookie": await endSession(request) };
      return redirectWithToast(
        "/",
        {
          type: "success",
          title: "Account deleted",
          description: "Your account and its data are gone.",
        },
        { headers, document: true }
      );
    }
    const parsed = changePasswordSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const fields = Object.fromEntries(
        Object.entries(parsed.error.flatten().fieldErrors).map(([k, v]) => [
          k,
          v?.[0] ?? "",
        ])
      );
      return refuse({ fields });
    }
    await changePassword(
      db,
      user,
      parsed.data.currentPassword,
      parsed.data.newPassword
    );
    const headers = { "Set-Cookie": await startSession(request, user.id) };
    return redirectWithToast(
      "/settings",
      {
        type: "success",
        title: "Password changed",
        description: "Your other devices were signed out.",
      },
      { headers }
    );
  } catch (error) {
    rethrowStorageFailure(error, request);
    if (!(error instanceof HttpError)) throw error;
    const field =
      typeof error.body.field === "string" ? error.body.field : null;
    return refuse(
      field ? { fields: { [field]: error.message } } : { error: error.message },
      error.status
    );
  }
}

export default function Settings() {
  const { user, riders, horses, invites, editing, savedSearches, alerts, vapidPublicKey } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Profile" width="split" />
      {/* One column on a phone; from 1024 px two, in the same reading order. */}
      <main
        id="main"
        className="mx-auto max-w-2xl space-y-4 px-4 py-4 lg:grid lg:max-w-5xl lg:grid-cols-2 lg:items-start lg:gap-4 lg:space-y-0"
      >
        <div className="space-y-4">
          <ProfileCard user={user} editing={editing} horses={horses} refused={result?.intent === "profile" ? result : null} />

          <RidersSection riders={riders} />

          <PreferencesSection radius={user.searchRadius} />
          <PrivacySection mode={user.privacyMode} />
          <SavedSearchesSection searches={savedSearches} />
        </div>
        <div className="space-y-4">
          <AlertChannelsSection
            preferences={alerts.preferences}
            emailUnsubscribed={alerts.emailUnsubscribed}
            onDeckRunsOut={alerts.onDeckRunsOut}
            email={user.email}
            vapidPublicKey={vapidPublicKey}
          />

          <InvitesSection invites={invites} />

          <section className="card">
            <h2 className="font-bold text-gray-900">Association membership</h2>
            <a data-discover href="/membership" className="link mt-1 inline-flex min-h-[44px] items-center">
              Join, renew or show your member card
            </a>
          </section>

          <section className="card">
            <h2 className="font-bold text-gray-900">About</h2>
            <p className="mt-1 text-gray-700">
              {APP_NAME} version {APP_VERSION}
            </p>
            <p className="mt-2 flex gap-4">
              <a data-discover href="/privacy-policy" className="link">
                Privacy Policy
              </a>
              <a data-discover href="/terms-of-service" className="link">
                Terms of Service
              </a>
            </p>
            <p className="mt-2 text-sm text-gray-600">
              ZIP code and city data: the{" "}
              <a className="link" href="https://www.npmjs.com/package/zipcodes">
                zipcodes
              </a>{" "}
              package.
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

          <AccountSection result={result?.intent === "profile" ? undefined : result} />
        </div>
      </main>
    </>
  );
}
