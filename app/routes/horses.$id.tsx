import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { formatCents } from "~/features/raceday/time";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmAction } from "~/components/ConfirmAction";
import { NotFound } from "~/components/NotFound";
import { PageHeader } from "~/components/PageHeader";
import { HorseForm } from "~/features/horses/HorseForm";
import { PapersSection } from "~/features/horses/PapersSection";
import { RoadToFinals } from "~/features/season/RoadToFinals";
import { horseAction, horseScreen } from "~/features/horses/horseScreens.server";
import { formatDayIn, formatRunAt } from "~/lib/dates";
import { horseSexLabel } from "~/schemas/horses";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data && "horse" in data ? data.horse.name : "Horse Not Found"} | ${APP_NAME}` }];
export const loader = ({ request, params }: LoaderFunctionArgs) => horseScreen(request, params.id ?? "");
export const action = ({ request, params }: ActionFunctionArgs) => horseAction(request, params.id ?? "");

function Fact({ label, value }: { label: string; value: string | number | null }) {
  if (value === null || value === "") return null;
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-600">{label}</dt>
      <dd className="truncate text-gray-900">{value}</dd>
    </div>
  );
}

export default function HorsePage() {
  const screen = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!("horse" in screen)) return <NotFound title="Horse Not Found" text="This horse is not in your stable." />;
  const { horse, runs, trends, riders, zone, editOpen, winnings, road } = screen;
  const result = actionData && "result" in actionData ? actionData.result : null;
  const pb = trends.personalBest;
  const runsHref = `/run-log?horseId=${horse.id}`;
  return (
    <>
      <PageHeader title={horse.name} back="/horses" />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        <section className="card" aria-labelledby="horse-title">
          {horse.previewUrl ? <img src={horse.previewUrl} alt={`Photo of ${horse.name}`} className="mb-3 aspect-[4/3] w-full rounded-xl object-cover" /> : null}
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id="horse-title" className="truncate text-2xl font-extrabold text-gray-900">
                {horse.name}
              </h2>
              {horse.registeredName ? <p className="truncate text-gray-700">{horse.registeredName}</p> : null}
            </div>
            {horse.retired ? <span className="shrink-0 rounded-full bg-gray-200 px-2 py-0.5 text-sm font-semibold text-gray-800">Retired</span> : null}
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <Fact label="Foaled" value={horse.yearFoaled} />
            <Fact label="Sex" value={horseSexLabel(horse.sex)} />
            <Fact label="Color" value={horse.color} />
            <Fact label="Ridden by" value={horse.riderName} />
          </dl>
          {horse.notes ? <p className="mt-3 whitespace-pre-line text-gray-800">{horse.notes}</p> : null}
        </section>

        <RoadToFinals road={road} showHorse={false} />

        <section className="card" aria-labelledby="horse-runs-title">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="horse-runs-title" className="text-lg font-bold text-gray-900">
              Runs
            </h2>
            <p className="text-sm text-gray-600">
              {horse.runCount} {horse.runCount === 1 ? "run" : "runs"}
            </p>
          </div>
          {pb ? (
            <p className="mt-1 text-gray-800" data-testid="horse-best">
              Personal best <span className="font-bold tabular-nums">{pb.time}s</span> at {pb.arenaName} · {formatDayIn(pb.date, zone)}
            </p>
          ) : null}
          {winnings.cents > 0 ? (
            <p className="mt-1 text-gray-800" data-testid="horse-winnings">
              Winnings <span className="font-bold tabular-nums">{formatCents(winnings.cents)}</span> in {winnings.races} {winnings.races === 1 ? "race" : "races"}
            </p>
          ) : null}
          {runs.length ? (
            <ul className="mt-2 divide-y divide-gray-100" data-testid="horse-runs">
              {runs.map((run) => (
                <li key={run.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="block truncate text-gray-900">{run.arenaName}</span>
                    <span className="block text-xs text-gray-600">
                      {formatRunAt(run.runAt, zone)}
                      {run.placement ? ` · ${run.placement}` : ""}
                    </span>
                  </span>
                  <span className="shrink-0 font-bold tabular-nums text-brand-800">{run.time ? `${run.time}s` : "—"}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-gray-700">No runs yet.</p>
          )}
          <div className="mt-2 grid grid-cols-2 gap-2">
            <a data-discover href={runsHref} className="btn-secondary">
              Trends
            </a>
            {horse.retired ? null : (
              <a data-discover href="/run-log?new#log-run" className="btn-primary">
                Log a run
              </a>
            )}
          </div>
        </section>

        <PapersSection horseId={horse.id} horseName={horse.name} papers={screen.papers} back={`/horses/${horse.id}`} showAllLink />

        {/* Keyed by the last change: a saved edit closes the form again. */}
        <details key={String(horse.updatedAt)} className="card group" open={editOpen || Boolean(result)} id="edit-horse">
          <summary className="flex min-h-[44px] cursor-pointer list-none items-center justify-between text-lg font-bold text-gray-900">
            Edit details
            <span aria-hidden className="text-brand-800 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <div className="mt-3">
            <HorseForm horse={horse} riders={riders} result={result} idPrefix="edit-horse" full />
          </div>
        </details>

        <section className="card space-y-2" aria-labelledby="horse-share-title">
          <h2 id="horse-share-title" className="text-lg font-bold text-gray-900">
            Shared record
          </h2>
          <p className="text-sm text-gray-700">
            {horse.shared
              ? "Anyone with the link sees this horse's photo, name, best times, placings and recent Public runs. Papers never show."
              : "Off: nobody else sees this horse. Turn it on to send a buyer or a friend its record."}
          </p>
          {horse.shared ? (
            <a href={`/share/horse/${horse.id}`} className="link inline-flex min-h-[44px] items-center" data-testid="shared-link">
              Open the shared record
            </a>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value={horse.shared ? "unshare" : "share"} />
            <button type="submit" className={horse.shared ? "btn-secondary w-full" : "btn-primary w-full"}>
              {horse.shared ? "Stop Sharing" : "Share Record"}
            </button>
          </Form>
        </section>

        <section className="card space-y-3" aria-labelledby="horse-manage-title">
          <h2 id="horse-manage-title" className="text-lg font-bold text-gray-900">
            Manage
          </h2>
          <Form method="post" className="space-y-1">
            <input type="hidden" name="intent" value={horse.retired ? "unretire" : "retire"} />
            <button type="submit" className="btn-secondary w-full">
              {horse.retired ? "Bring Back" : "Retire"}
            </button>
            <p className="text-sm text-gray-600">
              {horse.retired ? "Offer this horse again when you log a run." : "Keep the horse and its runs, and stop offering it when you log a run."}
            </p>
          </Form>
          {horse.photoUrl ? (
            <Form method="post">
              <input type="hidden" name="intent" value="removePhoto" />
              <button type="submit" className="btn-secondary w-full">
                Remove Photo
              </button>
            </Form>
          ) : null}
          <ConfirmAction
            label="Delete Horse"
            size="block"
            question={`Delete ${horse.name}? ${horse.runCount ? `Its ${horse.runCount} ${horse.runCount === 1 ? "run stays" : "runs stay"} in your run log under the name ${horse.name}, without this record.` : "It has no runs."} Its photo, details and papers go. This cannot be undone.`}
            confirmLabel="Delete Horse"
            hidden={{ intent: "delete" }}
          />
          <p className="text-xs text-gray-600">Added {formatDayIn(horse.createdAt, zone)}</p>
        </section>
      </main>
    </>
  );
}
