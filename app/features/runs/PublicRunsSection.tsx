import { EmptyState } from "~/components/EmptyState";
import { formatRunTime, PUBLIC_RUNS_LIMIT, TAG_LABELS, type PublicRunSort, type RunTag } from "~/schemas/run-basics";
import type { PublicRunCard } from "./runs.server";
import { Stars } from "./Stars";
import { ShowMore } from "~/components/ShowMore";
import { CARD_PAGE } from "~/lib/paging";

/** Profile › 'Public Runs (count)', sortable by Recent or Fastest with plain links (no JavaScript needed). */
export function PublicRunsSection({ runs, count, sort, shown }: { runs: PublicRunCard[]; count: number; sort: PublicRunSort; shown: number }) {
  return (
    <section aria-labelledby="public-runs-title" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="public-runs-title" className="text-lg font-bold text-gray-900">
          {`Public Runs (${count})`}
        </h2>
        <nav aria-label="Sort runs" className="flex rounded-lg border border-gray-300 bg-white p-0.5">
          {(["recent", "fastest"] as const).map((s) => (
            <a data-discover
              key={s}
              href={`?sort=${s}`}
              data-keep-scroll
              data-replace
              aria-current={sort === s ? "true" : undefined}
              className={`flex min-h-[44px] items-center rounded-md px-3 text-sm font-semibold ${sort === s ? "bg-brand-700 text-white" : "text-gray-800"}`}
            >
              {s === "recent" ? "Recent" : "Fastest"}
            </a>
          ))}
        </nav>
      </div>
      {runs.length === 0 ? (
        <EmptyState title="No public runs yet" />
      ) : (
        <ul className="space-y-2">
          {runs.map((run) => (
            <li key={run.id} className="card" data-testid="public-run">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate font-bold text-gray-900">{run.horseName || "—"}</p>
                  <p className="truncate text-sm text-gray-700">{`${run.arenaName} · ${run.arenaType === "indoor" ? "Indoor" : "Outdoor"}`}</p>
                  {/* The day on a line of its own, so a long arena name never cuts it off on a phone. */}
                  <p className="text-xs text-gray-600">{run.day}</p>
                </div>
                <p className="shrink-0 text-xl font-extrabold tabular-nums text-brand-800">{formatRunTime(run.time)}</p>
              </div>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                {run.rating ? <Stars rating={run.rating} className="text-sm" /> : null}
                {run.tags.map((t) => (
                  <span key={t} className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-800">
                    {TAG_LABELS[t as RunTag] ?? t}
                  </span>
                ))}
              </div>
              {run.notes ? <p className="mt-1 text-sm text-gray-800">{run.notes}</p> : null}
              <div className="mt-1 flex gap-3">
                <a data-discover href={`/share/run-log/${run.id}`} className="link inline-flex min-h-[44px] items-center text-sm">
                  View run
                </a>
                {run.videoUrl ? (
                  <a href={run.videoUrl} target="_blank" rel="noopener noreferrer nofollow" className="link inline-flex min-h-[44px] items-center text-sm">
                    Watch video
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {runs.length === shown && count > shown && shown < PUBLIC_RUNS_LIMIT ? (
        <ShowMore param="runs" next={shown + CARD_PAGE} label="Show more runs" />
      ) : null}
    </section>
  );
}
