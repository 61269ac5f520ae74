import { ConfirmAction } from "~/components/ConfirmAction";
import { ShareMenu } from "~/components/ShareMenu";
import type { RunCardData } from "./runs.server";
import { GlobeIcon, LockIcon } from "./icons";
import { Stars } from "./Stars";
import { tagLabel } from "~/schemas/run-basics";
import { formatRunAt } from "~/lib/dates";
import { usePendingIntent } from "~/lib/useLinkNavigation";
import { formatCents } from "~/features/raceday/time";

type Run = Omit<RunCardData, "runAt"> & { runAt: string | Date };


/**
 * One run of the owner's list: the facts, a privacy toggle (sent in the
 * background and shown at once with JS: app/lib/useLinkNavigation.ts), share,
 * edit and delete. A Private (SOLO) rider's runs are seen by nobody else, so
 * they get no Public toggle and no share menu. Its forms post to `listHref`,
 * the list with its filters, where the answer leads back.
 */
export function RunCard({ run, listHref, editHref, origin, solo, zone }: { run: Run; listHref: string; editHref: string; origin: string; solo: boolean; zone: string }) {
  const privacyKey = `privacy:${run.id}`;
  // While the toggle is sent it shows what it asked for: the other setting.
  const toggling = usePendingIntent(privacyKey) === "privacy";
  const isPublic = (run.privacy === "PUBLIC") !== toggling;
  return (
    <li className="card" data-testid="run-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-lg font-bold text-gray-900">
            {run.horseId ? (
              <a data-discover href={`/horses/${run.horseId}`} className="hover:underline">
                {run.horseName}
              </a>
            ) : (
              run.horseName || "No horse named"
            )}
          </p>
          <p className="truncate text-sm text-gray-700">
            {`${run.arenaName} · ${run.arenaType === "indoor" ? "Indoor" : "Outdoor"}`}
          </p>
          <p className="text-xs text-gray-600">
            <time dateTime={new Date(run.runAt).toISOString()}>{formatRunAt(run.runAt, zone)}</time>
            {run.riderName ? ` · ${run.riderName}` : ""}
          </p>
        </div>
        <p className="shrink-0 text-right text-2xl font-extrabold tabular-nums text-brand-800">{run.time ? `${run.time}s` : "—"}</p>
      </div>
      {run.eventName ? <p className="mt-1 text-sm text-gray-700">{`Event: ${run.eventName}`}</p> : null}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {run.rating ? <Stars rating={run.rating} /> : null}
        {run.official ? <span className="rounded-full bg-brand-700 px-2 py-0.5 text-sm font-semibold text-white">Official</span> : null}
        {run.placement ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{run.placement}</span> : null}
        {run.moneyCents ? <span className="rounded-full bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">{formatCents(run.moneyCents)}</span> : null}
        {run.tags.map((tag) => (
          <span key={tag} className="rounded-full bg-gray-100 px-2 py-0.5 text-sm text-gray-800">
            {tagLabel(tag)}
          </span>
        ))}
      </div>
      {run.groundCondition || run.weather ? (
        <p className="mt-1 text-sm text-gray-700">{[run.groundCondition && `Ground: ${run.groundCondition}`, run.weather && `Weather: ${run.weather}`].filter(Boolean).join(" · ")}</p>
      ) : null}
      {run.notes ? <p className="mt-2 whitespace-pre-line text-gray-800">{run.notes}</p> : null}
      {run.videoUrl ? (
        <a href={run.videoUrl} target="_blank" rel="noopener noreferrer nofollow" className="link mt-2 inline-flex min-h-[44px] items-center">
          Watch video
        </a>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-gray-100 pt-2">
        {solo && !isPublic ? (
          <span className="inline-flex min-h-[44px] items-center gap-1.5 text-sm font-semibold text-gray-700">
            <LockIcon />
            Only you
          </span>
        ) : (
          <form method="post" action={listHref} data-fetcher={privacyKey}>
            <input type="hidden" name="id" value={run.id} />
            <input type="hidden" name="privacy" value={isPublic ? "PRIVATE" : "PUBLIC"} />
            <button
              type="submit"
              name="intent"
              value="privacy"
              className={`btn min-w-[7.5rem] border ${isPublic ? "border-green-600 bg-green-50 text-green-900" : "border-gray-300 bg-white text-gray-800"}`}
              aria-label={isPublic ? "Public: make private" : "Private: make public"}
            >
              {isPublic ? <GlobeIcon /> : <LockIcon />}
              {isPublic ? "Public" : "Private"}
            </button>
          </form>
        )}
        {isPublic && !solo ? (
          <div className="min-w-[6rem]">
            <ShareMenu type="run-log" id={run.id} title={`${run.horseName ? `${run.horseName} at ` : ""}${run.arenaName}`} origin={origin} />
          </div>
        ) : null}
        {/* Edit and Delete stay together, at the right, on the second line when the row is full. */}
        <div className="ml-auto flex items-center gap-1">
          <a data-discover href={editHref} data-keep-scroll className="btn-ghost" aria-label={`Edit run at ${run.arenaName}`}>
            Edit
          </a>
          <ConfirmAction
            label="Delete"
            name={`Delete run at ${run.arenaName}`}
            size="compact"
            question={`Delete this run? ${[run.horseName, run.arenaName, run.time ? `${run.time}s` : null].filter(Boolean).join(" · ")}. This cannot be undone.`}
            confirmLabel="Delete Run"
            hidden={{ intent: "delete", id: run.id }}
          />
        </div>
      </div>
      {isPublic && solo ? <p className="mt-1 text-sm text-gray-700">Not shared: your profile is Private.</p> : null}
    </li>
  );
}
