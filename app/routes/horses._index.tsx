import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { PageHeader } from "~/components/PageHeader";
import { HorseForm } from "~/features/horses/HorseForm";
import { horsesAction, horsesScreen } from "~/features/horses/horseScreens.server";
import { horseSexLabel } from "~/schemas/horses";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Horses | ${APP_NAME}` }];
export const loader = ({ request }: LoaderFunctionArgs) => horsesScreen(request);
export const action = ({ request }: ActionFunctionArgs) => horsesAction(request);

type Horse = ReturnType<typeof useLoaderData<typeof loader>>["horses"][number];

function HorseRow({ horse }: { horse: Horse }) {
  const facts = [horse.riderName ? `Ridden by ${horse.riderName}` : null, horseSexLabel(horse.sex), horse.yearFoaled ? `Foaled ${horse.yearFoaled}` : null].filter(Boolean);
  return (
    <li>
      <a data-discover href={`/horses/${horse.id}`} className="card flex min-h-[72px] items-center gap-3 hover:bg-gray-50" data-testid="horse-row">
        {horse.thumbUrl ? (
          <img src={horse.thumbUrl} alt="" width={56} height={56} className="h-14 w-14 shrink-0 rounded-lg object-cover" />
        ) : (
          <span aria-hidden className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-2xl font-bold text-brand-800">
            {horse.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate text-lg font-bold text-gray-900">{horse.name}</span>
          {horse.registeredName ? <span className="block truncate text-sm text-gray-700">{horse.registeredName}</span> : null}
          {facts.length ? <span className="block truncate text-xs text-gray-600">{facts.join(" · ")}</span> : null}
        </span>
        <span className="shrink-0 text-right text-sm text-gray-700">
          {horse.runCount} {horse.runCount === 1 ? "run" : "runs"}
        </span>
      </a>
    </li>
  );
}

export default function Horses() {
  const { horses, riders } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = actionData && "result" in actionData ? actionData.result : null;
  const active = horses.filter((h) => !h.retired);
  const retired = horses.filter((h) => h.retired);
  return (
    <>
      <PageHeader title="Horses" back="/run-log" />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        <details className="card group" open={horses.length === 0 || Boolean(result)} id="add-horse">
          <summary className="flex min-h-[44px] cursor-pointer list-none items-center justify-between text-lg font-bold text-gray-900">
            Add a horse
            <span aria-hidden className="text-brand-800 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <div className="mt-3">
            <HorseForm riders={riders} result={result} idPrefix="add-horse" full={false} />
          </div>
        </details>
        <section aria-labelledby="horses-title">
          <h2 id="horses-title" className="sr-only">
            Your horses
          </h2>
          {active.length === 0 ? (
            <EmptyState title="No horses yet">Add one above, or log a run with a new horse: it is added for you.</EmptyState>
          ) : (
            <ul className="space-y-2">
              {active.map((h) => (
                <HorseRow key={h.id} horse={h} />
              ))}
            </ul>
          )}
        </section>
        {retired.length ? (
          <section aria-labelledby="retired-title">
            <h2 id="retired-title" className="mb-2 text-base font-bold text-gray-900">
              Retired
            </h2>
            <p className="mb-2 text-sm text-gray-700">Kept with their runs; not offered when you log a run.</p>
            <ul className="space-y-2">
              {retired.map((h) => (
                <HorseRow key={h.id} horse={h} />
              ))}
            </ul>
          </section>
        ) : null}
      </main>
    </>
  );
}
