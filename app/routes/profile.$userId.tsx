import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/NotFound";
import { PageHeader } from "~/components/PageHeader";
import { PublicRunsSection } from "~/features/runs/PublicRunsSection";
import { getPublicRuns, getRunCount } from "~/features/runs/runs.server";
import { getProfile } from "~/features/social/social.server";
import { requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { APP_NAME, PRIVACY_LABELS } from "~/schemas/constants";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request);
  const profile = getProfile(getDb(), params.userId ?? "", viewer);
  if (!profile) return data({ profile: null, publicRuns: null }, { status: 404 });
  const sort = new URL(request.url).searchParams.get("sort") === "fastest" ? ("fastest" as const) : ("recent" as const);
  // The same rule as GET /api/users/{id}/public-runs: none for the limited view.
  const runs = profile.view === "full" ? getPublicRuns(getDb(), viewer, profile.id, sort) : null;
  const publicRuns = runs ? { runs, count: getRunCount(getDb(), viewer, profile.id) ?? 0, sort } : null;
  return { profile, publicRuns };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.profile ? data.profile.firstName : "Profile Not Found"} | ${APP_NAME}` },
];

export default function Profile() {
  const { profile, publicRuns } = useLoaderData<typeof loader>();
  if (!profile) return <NotFound title="Profile Not Found" text="This rider does not exist or keeps their profile private." linkLabel="Return Home" />;
  const full = "lastName" in profile ? profile : null;
  return (
    <>
      <PageHeader title="Profile" back="/" />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        <section className="card flex items-center gap-4">
          <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-200 text-2xl font-bold text-brand-900" aria-hidden>
            {profile.firstName.slice(0, 1).toUpperCase()}
          </span>
          <div className="min-w-0">
            <h2 className="text-xl font-bold text-gray-900">
              {profile.firstName} {full?.lastName}
            </h2>
            <span className="mt-1 inline-block rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
              {PRIVACY_LABELS[profile.privacyMode].label}
            </span>
            {full?.homeZipCode ? <p className="mt-1 text-gray-700">ZIP {full.homeZipCode}</p> : null}
          </div>
        </section>
        {full?.bio ? <p className="card text-gray-800">{full.bio}</p> : null}
        {profile.view === "limited" ? (
          <p className="card text-gray-700">
            {profile.firstName} approves who sees their profile and runs.
          </p>
        ) : null}
        {publicRuns ? <PublicRunsSection runs={publicRuns.runs} count={publicRuns.count} sort={publicRuns.sort} /> : null}
      </main>
    </>
  );
}
