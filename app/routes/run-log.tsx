import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigation, useRevalidator, useSubmit } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { EmptyState } from "~/components/EmptyState";
import { PageHeader } from "~/components/PageHeader";
import { ShowMore } from "~/components/ShowMore";
import { FiltersIsland, RunFormIsland, TrendsIsland } from "~/features/runs/islands";
import type { QueuedRun } from "~/features/runs/offlineQueue";
import { hasQueuedRuns } from "~/features/runs/queueProbe";
import { RunCard } from "~/features/runs/RunCard";
import { runLogAction, runLogScreen } from "~/features/runs/runLog.server";
import type { TrendChoice } from "~/features/runs/TrendsPanel";
import { withParams } from "~/lib/search-params";
import { APP_NAME } from "~/schemas/constants";
import { ONE_OFF_PARAMS, SOLO_RUNS_PRIVATE } from "~/schemas/run-basics";

// The screen's rules live in app/features/runs/runLog.server.ts: what it reads, and its intents
// (add, edit, delete, privacy) as one discriminated union. Importing only that server module keeps
// the page's JavaScript free of the others' empty stand-ins.
export const meta: MetaFunction = () => [{ title: `Run Log | ${APP_NAME}` }];
export const loader = ({ request }: LoaderFunctionArgs) => runLogScreen(request);
export const action = ({ request }: ActionFunctionArgs) => runLogAction(request);

/** "On this phone": loaded only when runs wait on this phone or the rider keeps one. */
const QueuePanel = lazy(() => import("~/features/runs/QueuePanel"));

export default function RunLog() {
  const screen = useLoaderData<typeof loader>();
  const { runs, total, matching, more, filtered, filters, riders, horses, newHorseId, horseChoices, zone, runAtNow, events, scope, trends, editing, clientId, userId, solo, origin } = screen;
  // Runs kept on this phone: the list and its sync load once there are any.
  const [kept, setKept] = useState(0);
  const [queueShown, setQueueShown] = useState(false);
  useEffect(() => {
    void hasQueuedRuns(userId).then((any) => any && setQueueShown(true));
  }, [userId]);
  const onKept = useCallback(() => {
    setQueueShown(true);
    setKept((n) => n + 1);
  }, []);
  // A run the form sent at once reached the server: the list shows it.
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const onSent = useCallback(() => revalidate.current(), []);
  // A run refused after it waited on the phone, brought back into the form to be fixed.
  const [fixing, setFixing] = useState<QueuedRun | null>(null);
  const onFixed = useCallback(() => setFixing(null), []);
  const onFix = useCallback((run: QueuedRun) => {
    setFixing(run);
    const form = document.getElementById("log-run");
    form?.setAttribute("open", "");
    form?.scrollIntoView({ block: "start" });
  }, []);
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "result" in actionData ? actionData.result : null;
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const listHref = (changes: Record<string, string | null>) => `/run-log${withParams(location.search, { ...ONE_OFF_PARAMS, ...changes })}`;
  const list = listHref({});
  const formOpen = screen.formOpen || (Boolean(lastResult) && !editing);
  const updating = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  const submitEdit = useCallback((form: HTMLFormElement) => submit(form, { preventScrollReset: true }), [submit]);

  const choices: TrendChoice[] = [
    ...horseChoices.map((h) => ({ kind: "horse" as const, label: h.name, to: `/run-log${withParams("", { horseId: h.id })}`, active: scope?.horseId === h.id })),
    ...riders.map((r) => ({ kind: "rider" as const, label: r.name, to: `/run-log${withParams("", { rider: String(r.id) })}`, active: scope?.kind === "rider" && scope.label === r.name })),
  ];

  // With JavaScript the form opens where it is; without, ?new has the server render it open.
  function openForm(event: MouseEvent<HTMLAnchorElement>) {
    const form = document.getElementById("log-run");
    if (!form) return;
    event.preventDefault();
    form.setAttribute("open", "");
    form.scrollIntoView({ block: "start" });
    form.querySelector<HTMLInputElement>("input[name=arenaName]")?.focus({ preventScroll: true });
  }

  return (
    <>
      <PageHeader
        title="Run Log"
        actions={
          <>
            <a data-discover href="/horses" className="btn-secondary">
              Horses
            </a>
            <a href={`${listHref({ new: "" })}#log-run`} className="btn-primary" onClick={openForm}>
              + Add Run
            </a>
          </>
        }
      />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        {editing ? (
          <section id="edit-run-section" className="card scroll-mt-20" aria-labelledby="edit-run-title">
            <h2 id="edit-run-title" className="mb-3 text-lg font-bold text-gray-900">
              Edit run
            </h2>
            <RunFormIsland
              key={editing.id}
              wakeOnUse
              props={{ mode: "edit", run: editing, cancelHref: list, submit: submitEdit, sending: updating, lastResult, horses, riders, events, solo, zone, runAtNow }}
              watch={[editing, lastResult, horses, riders, events]}
            />
          </section>
        ) : null}

        {scope && trends ? <TrendsIsland props={{ scope, trends, choices, zone }} watch={[scope, trends]} /> : null}

        {editing ? null : (
          <details id="log-run" className="card group scroll-mt-20" open={formOpen}>
            <summary className="flex min-h-[44px] cursor-pointer list-none items-center justify-between text-lg font-bold text-gray-900">
              Log a run
              <span aria-hidden className="text-brand-800 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <RunFormIsland
              className="mt-3"
              wakeOnUse
              props={{ mode: "create", horseId: newHorseId, lastResult, horses, riders, events, solo, clientId, userId, sending: false, onKept, onSent, zone, runAtNow, restore: fixing, onFixed }}
              watch={[lastResult, clientId, horses, riders, events, fixing]}
            />
          </details>
        )}

        {total > 0 ? <FiltersIsland props={{ filters, filtered, horses: horseChoices, riders }} watch={[filters, filtered, horseChoices, riders]} /> : null}

        {queueShown ? (
          <Suspense fallback={null}>
            <QueuePanel userId={userId} kept={kept} onFix={onFix} />
          </Suspense>
        ) : null}

        <section aria-labelledby="runs-title">
          <h2 id="runs-title" className="sr-only">
            Runs
          </h2>
          {total === 0 ? (
            <EmptyState title="No Run Logs Yet">Log your first run above: arena, horse and time are enough to start.</EmptyState>
          ) : runs.length === 0 ? (
            <EmptyState title="No runs match these filters">
              <a data-discover href="/run-log" className="link">
                Clear filters
              </a>
            </EmptyState>
          ) : (
            <>
              <p className="mb-2 text-sm text-gray-700">
                {`${filtered ? `${matching} of ${total} runs` : `${total} ${total === 1 ? "run" : "runs"}`}, newest first`}
              </p>
              {solo ? <p className="mb-2 rounded-lg bg-gray-50 p-3 text-sm text-gray-700">{SOLO_RUNS_PRIVATE}</p> : null}
              <ul className="space-y-3">
                {runs.map((run) => (
                  <RunCard key={run.id} run={run} origin={origin} solo={solo} zone={zone} listHref={list} editHref={`${listHref({ edit: run.id })}#edit-run-section`} />
                ))}
              </ul>
              {more ? <ShowMore param="shown" next={more} label="Show more runs" /> : null}
            </>
          )}
        </section>
      </main>

    </>
  );
}
