import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/NotFound";
import { JoinCard, SharedPageBar } from "~/components/SharedPageBar";
import { getSharedHorsePage } from "~/features/horses/sharedHorse.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { APP_NAME } from "~/schemas/constants";
import { horseSexLabel } from "~/schemas/horses";

export async function loader({ params }: LoaderFunctionArgs) {
  const horse = getSharedHorsePage(getDb(), params.id ?? "");
  // Not shared answers exactly like missing: nothing leaks existence.
  if (!horse) return data({ horse: null, image: null }, { status: 404 });
  const photo = horse.photo?.url ?? null;
  // Link previews (Facebook, X, iMessage) read this server HTML without running JavaScript.
  return { horse, image: photo ? (photo.startsWith("/") ? `${config().appOrigin}${photo}` : photo) : null };
}

const details = (horse: { registeredName: string | null; yearFoaled: number | null; sex: string | null; color: string | null }) =>
  [horse.registeredName, horse.yearFoaled ? `foaled ${horse.yearFoaled}` : null, horse.color, horseSexLabel(horse.sex)].filter(Boolean).join(" · ");

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const horse = data?.horse;
  if (!horse) return [{ title: `Horse Not Found | ${APP_NAME}` }];
  const title = `${horse.name}: barrel horse record`;
  const best = horse.personalBest ? `Personal best ${horse.personalBest.time}s at ${horse.personalBest.arenaName}` : null;
  const runs = `${horse.runCount} public run${horse.runCount === 1 ? "" : "s"}`;
  const description = [best, runs, horse.placements ? `${horse.placements} placed` : null].filter(Boolean).join(" · ");
  return [
    { title: `${horse.name} | ${APP_NAME}` },
    { name: "description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: horse.url },
    { name: "twitter:card", content: data.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(data.image
      ? [
          { property: "og:image", content: data.image },
          { property: "og:image:alt", content: `Photo of ${horse.name}` },
          { name: "twitter:image", content: data.image },
        ]
      : []),
  ];
};

function Stat({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <div className="rounded-xl bg-brand-50 p-3" data-testid={testId}>
      <p className="text-sm text-gray-600">{label}</p>
      <p className="text-2xl font-extrabold tabular-nums text-brand-800">{value}</p>
      {detail ? <p className="mt-0.5 text-sm text-gray-700">{detail}</p> : null}
    </div>
  );
}

export default function SharedHorse() {
  const { horse } = useLoaderData<typeof loader>();
  if (!horse) return <NotFound title="Horse Not Found" text="This horse does not exist or is not shared." />;
  const pb = horse.personalBest;
  const about = details(horse);
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-4">
      <SharedPageBar />
      <article className="card mt-3">
        <div className="flex items-center gap-4">
          {horse.photo ? (
            <img
              src={horse.photo.url}
              width={horse.photo.width ?? undefined}
              height={horse.photo.height ?? undefined}
              alt={`${horse.name}`}
              className="h-24 w-24 shrink-0 rounded-xl object-cover"
            />
          ) : null}
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-gray-900">{horse.name}</h1>
            {about ? <p className="text-gray-700">{about}</p> : null}
            <p className="mt-1 text-sm text-gray-700">
              Shared by <span className="font-semibold text-gray-900">{horse.ownerName}</span>
            </p>
          </div>
        </div>
        <div className="mt-4 grid grid-cols-2 gap-2">
          <div className="col-span-2">
            <Stat testId="personal-best" label="Personal best" value={pb ? `${pb.time}s` : "—"} detail={pb ? `${pb.arenaName} · ${pb.day}` : "No timed public runs yet"} />
          </div>
          <Stat testId="run-count" label="Public runs" value={String(horse.runCount)} />
          <Stat testId="placings" label="Placings" value={String(horse.placements)} />
        </div>
        {horse.bestByArena.length ? (
          <section className="mt-4" aria-labelledby="best-by-arena">
            <h2 id="best-by-arena" className="text-lg font-bold text-gray-900">
              Best by arena
            </h2>
            <ul className="mt-2 divide-y divide-gray-100">
              {horse.bestByArena.map((arena) => (
                <li key={arena.arenaName} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="block truncate text-gray-900">{arena.arenaName}</span>
                    <span className="text-sm text-gray-600">{`${arena.runs} public run${arena.runs === 1 ? "" : "s"}`}</span>
                  </span>
                  <span className="font-bold tabular-nums text-gray-900">{`${arena.time}s`}</span>
                </li>
              ))}
            </ul>
            {horse.arenaCount > horse.bestByArena.length ? <p className="text-sm text-gray-600">The fastest {horse.bestByArena.length} of {horse.arenaCount} arenas.</p> : null}
          </section>
        ) : null}
        <section className="mt-4" aria-labelledby="recent-runs">
          <h2 id="recent-runs" className="text-lg font-bold text-gray-900">
            Recent runs
          </h2>
          {horse.recentRuns.length ? (
            <ul className="mt-2 divide-y divide-gray-100">
              {horse.recentRuns.map((run) => (
                <li key={run.id} className="flex items-center justify-between gap-3 py-2" data-testid="shared-horse-run">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-gray-900">{run.arenaName}</span>
                    <span className="text-sm text-gray-600">{run.day}</span>
                  </span>
                  <span className="text-right">
                    <span className="block font-bold tabular-nums text-gray-900">{run.time ? `${run.time}s` : "—"}</span>
                    {run.placement ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{run.placement}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-gray-700">No public runs yet.</p>
          )}
        </section>
      </article>
      <JoinCard title="Track your own horses" text="Log every run, keep your horse's papers handy and find races near you." />
    </main>
  );
}
