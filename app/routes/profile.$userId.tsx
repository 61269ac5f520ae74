import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/Avatar";
import { NotFound } from "~/components/NotFound";
import { PageHeader } from "~/components/PageHeader";
import { PublicRunsSection } from "~/features/runs/PublicRunsSection";
import { PUBLIC_RUNS_LIMIT } from "~/schemas/runs";
import { reportUser } from "~/features/reports/reports.server";
import { FollowControl } from "~/features/social/FollowControl";
import { follow, unfollow } from "~/features/social/follows.server";
import { PeopleDialog } from "~/features/social/PeopleDialog";
import { ReportUserDialog } from "~/features/social/ReportUserDialog";
import { profilePage } from "~/features/social/profile-page.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { HttpError } from "~/lib/http.server";
import { CARD_PAGE, shownCount } from "~/lib/paging";
import { userReportSchema } from "~/schemas/social";
import { getDb } from "~/lib/db.server";
import { APP_NAME, FOLLOW_REQUEST_WORDS, PRIVACY_LABELS, SOLO_STAYS_PRIVATE } from "~/schemas/constants";
import { useShellUser } from "~/lib/useShellUser";
import { readForm } from "~/lib/forms.server";
import { profileMembership } from "~/features/members/members.server";
import { roadOfRider } from "~/features/season/pages.server";
import { RoadToFinals } from "~/features/season/RoadToFinals";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request);
  const url = new URL(request.url);
  const list = url.searchParams.get("list");
  const page = profilePage(getDb(), viewer, params.userId ?? "", {
    sort: url.searchParams.get("sort") === "fastest" ? "fastest" : "recent",
    shown: shownCount(url, "runs", CARD_PAGE, PUBLIC_RUNS_LIMIT),
    list: list === "followers" || list === "following" ? list : null,
  });
  if (!page) return data({ profile: null, publicRuns: null, follow: null, counts: null, people: null, reporting: false }, { status: 404 });
  return {
    ...page,
    reporting: !page.profile.isOwner && url.searchParams.get("report") === "1",
    road: roadOfRider(getDb(), viewer, page.profile.id),
    membership: profileMembership(getDb(), viewer, { id: page.profile.id, privacyMode: page.profile.privacyMode }, new Date().toISOString().slice(0, 10)),
  };
}

/** Follow, unfollow and report, from this screen (works without JavaScript). */
export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const targetId = params.userId ?? "";
  // Following from a search result returns to that search (a same-site path only).
  const redirectTo = String(form.get("redirectTo") ?? "");
  const here = redirectTo.startsWith("/") && !redirectTo.startsWith("//") ? redirectTo : `/profile/${targetId}`;
  try {
    if (intent === "report") {
      const parsed = userReportSchema.safeParse({ reportedUserId: targetId, reason: form.get("reason") ?? "", description: form.get("description") ?? "" });
      if (!parsed.success) return data({ reportError: parsed.error.issues[0]!.message }, { status: 400 });
      reportUser(getDb(), viewer, parsed.data);
      return redirectWithToast(here, { type: "success", title: "Report Submitted", description: "Thank you. An administrator will review it." });
    }
    if (intent === "unfollow") {
      unfollow(getDb(), viewer, targetId);
      return redirectWithToast(here, { type: "success", title: "Unfollowed" });
    }
    if (intent === "follow") {
      const result = follow(getDb(), viewer, targetId);
      return redirectWithToast(here, { type: "success", title: result.requiresApproval ? FOLLOW_REQUEST_WORDS.sent : "Following" });
    }
    return data({ reportError: null }, { status: 400 });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const title = intent === "report" ? "Error" : "Failed to update follow status";
    return redirectWithToast(here, { type: "error", title, description: error.message });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.profile ? data.profile.firstName : "Profile Not Found"} | ${APP_NAME}` },
];

export default function Profile() {
  const loaderData = useLoaderData<typeof loader>();
  const { profile, publicRuns, follow, counts, people, reporting } = loaderData;
  const viewerIsPrivate = useShellUser()?.isPrivate ?? false;
  const actionData = useActionData<typeof action>();
  const reportError = actionData && "reportError" in actionData ? actionData.reportError : null;
  if (!profile) return <NotFound title="Profile Not Found" text="This rider does not exist or keeps their profile private." linkLabel="Return Home" />;
  const full = "lastName" in profile ? profile : null;
  return (
    <>
      <PageHeader
        title="Profile"
        back="/"
        actions={
          profile.isOwner ? null : (
            <a data-discover href="?report=1" className="btn-ghost px-2 text-sm" aria-label={`Report ${profile.firstName}`}>
              Report
            </a>
          )
        }
      />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        <section className="card">
          <div className="flex items-center gap-4">
            {/* The limited view carries no picture. */}
            <Avatar name={profile.firstName} src={full?.profileImageUrl} size={64} />
            <div className="min-w-0">
              <h2 className="text-xl font-bold text-gray-900">
                {profile.firstName} {full?.lastName}
              </h2>
              <span className="mt-1 inline-block rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
                {PRIVACY_LABELS[profile.privacyMode].label}
              </span>
              {full?.homeZipCode ? <p className="mt-1 text-gray-700">ZIP {full.homeZipCode}</p> : null}
            </div>
          </div>
          {counts ? (
            <p className="-mx-2 mt-3 flex flex-wrap border-t border-gray-100 pt-2">
              <a data-discover href="?list=followers" data-keep-scroll className="btn-ghost px-2">
                <strong className="mr-1">{counts.followersCount}</strong> Followers
              </a>
              <a data-discover href="?list=following" data-keep-scroll className="btn-ghost px-2">
                <strong className="mr-1">{counts.followingCount}</strong> Following
              </a>
            </p>
          ) : null}
        </section>
        {follow ? <FollowControl userId={profile.id} name={profile.firstName} state={follow} /> : null}
        {!follow && !profile.isOwner && viewerIsPrivate ? <p className="text-sm text-gray-700">{SOLO_STAYS_PRIVATE}</p> : null}
        {full?.bio ? <p className="card text-gray-800">{full.bio}</p> : null}
        {profile.view === "limited" ? (
          <p className="card text-gray-700">
            {profile.firstName} approves who sees their profile and runs.
          </p>
        ) : null}
        {"membership" in loaderData && loaderData.membership ? (
          <p className="card text-gray-800" data-testid="profile-membership">
            {loaderData.membership.member ? `Member, ${loaderData.membership.yearName} (${loaderData.membership.kind})` : `Membership asked for ${loaderData.membership.yearName}: dues not marked paid yet`}
            {loaderData.membership.number ? ` · No. ${loaderData.membership.number}` : null}
            {loaderData.membership.isOwner ? (
              <a data-discover href="/membership" className="link ml-2">
                Membership
              </a>
            ) : null}
          </p>
        ) : null}
        {"road" in loaderData ? <RoadToFinals road={loaderData.road} /> : null}
        {publicRuns ? <PublicRunsSection {...publicRuns} /> : null}
      </main>
      {people ? <PeopleDialog which={people.which} people={people.list} closeHref={`/profile/${profile.id}`} /> : null}
      {reporting || reportError ? <ReportUserDialog name={profile.firstName} closeHref={`/profile/${profile.id}`} error={reportError} /> : null}
    </>
  );
}
