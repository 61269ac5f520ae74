import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/NotFound";
import { JoinCard, SharedPageBar } from "~/components/SharedPageBar";
import { getSharedRunPage } from "~/features/runs/runs.server";
import { getUser } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { APP_NAME } from "~/schemas/constants";
import { formatRunTime, tagLabel } from "~/schemas/run-basics";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const run = getSharedRunPage(getDb(), params.id ?? "", await getUser(request));
  // Not visible answers exactly like missing: nothing leaks existence.
  if (!run) return data({ run: null, url: "" }, { status: 404 });
  return { run, url: `${config().appOrigin}/share/run-log/${run.id}` };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const run = data?.run;
  if (!run) return [{ title: `Run Log Not Found | ${APP_NAME}` }];
  const title = `${run.ownerFirstName}'s run at ${run.arenaName}`;
  const description = [run.horseName, run.time ? formatRunTime(run.time) : null, run.placement].filter(Boolean).join(" · ");
  return [
    { title: `${title} | ${APP_NAME}` },
    { name: "description", content: description || title },
    { property: "og:type", content: "article" },
    { property: "og:title", content: title },
    { property: "og:description", content: description || title },
    { property: "og:url", content: data.url },
  ];
};

function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-xl text-amber-500" role="img" aria-label={`${rating} out of 5 stars`}>
      {"★".repeat(rating)}
      <span className="text-gray-300">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

export default function SharedRunLog() {
  const { run } = useLoaderData<typeof loader>();
  if (!run) return <NotFound title="Run Log Not Found" text="This run does not exist or is not shared." />;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-4">
      <SharedPageBar />
      <article className="card mt-3">
        <h1 className="text-2xl font-bold text-gray-900">{run.arenaName}</h1>
        <p className="mt-1 text-gray-700">
          Shared by <span className="font-semibold text-gray-900">{run.ownerName}</span> · {run.day}
        </p>
        <div className="mt-4 flex items-end justify-between gap-4 rounded-xl bg-brand-50 p-4">
          <div>
            <p className="text-sm text-gray-600">Horse</p>
            <p className="text-lg font-bold text-gray-900">{run.horseName || "—"}</p>
          </div>
          <div className="text-right">
            <p className="text-sm text-gray-600">Time</p>
            <p className="text-3xl font-extrabold tabular-nums text-brand-800">{formatRunTime(run.time)}</p>
          </div>
        </div>
        {run.rating || run.placement ? (
          <div className="mt-3 flex flex-wrap items-center gap-3">
            {run.rating ? <Stars rating={run.rating} /> : null}
            {run.placement ? (
              <p className="rounded-full bg-amber-100 px-2.5 py-1 text-sm font-semibold text-amber-900">
                <span className="sr-only">Placement: </span>
                {run.placement}
              </p>
            ) : null}
          </div>
        ) : null}
        {run.tags.length ? (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
            {run.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-gray-100 px-2.5 py-1 text-sm text-gray-800">
                {tagLabel(tag)}
              </li>
            ))}
          </ul>
        ) : null}
        {run.notes ? <p className="mt-3 whitespace-pre-line text-gray-800">{run.notes}</p> : null}
        {run.videoUrl ? (
          <a href={run.videoUrl} target="_blank" rel="noopener noreferrer nofollow" className="btn-secondary mt-4 w-full">
            Watch Video
          </a>
        ) : null}
      </article>
      <JoinCard title="Track your own runs" text="Log every run, see your horse's trends and find races near you." />
    </main>
  );
}
