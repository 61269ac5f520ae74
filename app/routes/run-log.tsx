import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { Dialog } from "~/components/Dialog";
import { EmptyState } from "~/components/EmptyState";
import { PageHeader } from "~/components/PageHeader";
import { ShowMore } from "~/components/ShowMore";
import { newClientId } from "~/features/runs/offlineQueue";
import { PendingRuns } from "~/features/runs/PendingRuns";
import { RunCard } from "~/features/runs/RunCard";
import { RunFilters } from "~/features/runs/RunFilters";
import { RunForm } from "~/features/runs/RunForm";
import { ONE_OFF_PARAMS, readRunIntent, runLogScreen, saveRunForm, tooLargeForRunForm, VIDEO_TOO_LARGE } from "~/features/runs/runLog.server";
import { deleteRunLog, setRunPrivacy } from "~/features/runs/runs.server";
import { TrendsPanel, type TrendChoice } from "~/features/runs/TrendsPanel";
import { useRunQueue } from "~/features/runs/useRunQueue";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { HttpError } from "~/lib/http.server";
import { withParams } from "~/lib/search-params";
import { APP_NAME } from "~/schemas/constants";
import { RUN_MESSAGES } from "~/schemas/run-rules";

export const meta: MetaFunction = () => [{ title: `Run Log | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return runLogScreen(getDb(), user, new URL(request.url));
}

const FAILED = {
  delete: "Failed to delete run log. Please try again.",
  privacy: "Failed to update privacy setting.",
} as const;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const back = `/run-log${withParams(new URL(request.url).search, ONE_OFF_PARAMS)}`;
  if (tooLargeForRunForm(request)) {
    return data({ result: { status: "error" as const, error: { video: [VIDEO_TOO_LARGE] } } }, { status: 413 });
  }
  const input = readRunIntent(await readForm(request));
  // Run an expected-to-fail step; a refusal comes back as a toast over the list.
  const attempt = async (work: () => void, failed: string, done: string) => {
    try {
      work();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithToast(back, { type: "error", title: failed, description: error.status === 400 ? error.message : undefined });
    }
    return redirectWithToast(back, { type: "success", title: done });
  };

  switch (input.intent) {
    case "create":
    case "update": {
      const saved = await saveRunForm(db, user, input);
      if (!saved.ok) return data({ result: saved.result }, { status: saved.status });
      return redirectWithToast(back, { type: "success", title: input.intent === "create" ? "Run Log Added!" : "Run Log Updated" });
    }
    case "delete":
      return attempt(() => deleteRunLog(db, user, input.id), FAILED.delete, "Run Log Deleted");
    case "privacy":
      return attempt(() => setRunPrivacy(db, user, input.id, input.privacy), FAILED.privacy, "Privacy Updated");
    case "invalid":
      if (Object.hasOwn(FAILED, input.asked)) return redirectWithToast(back, { type: "error", title: FAILED[input.asked as keyof typeof FAILED], description: input.message });
      return data({ result: { status: "error" as const, error: { "": [input.message] } } }, { status: 400 });
  }
}

export default function RunLog() {
  const screen = useLoaderData<typeof loader>();
  const { runs, total, matching, more, filtered, filters, riders, horses, events, scope, trends, deleting, editing, clientId, userId, solo, origin } = screen;
  const queue = useRunQueue(userId);
  // A new form after each kept run; not tied to the run count, which changes under the rider's fingers when a sync lands.
  const [formKey, setFormKey] = useState(0);
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "result" in actionData ? actionData.result : null;
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const listHref = (changes: Record<string, string | null>) => `/run-log${withParams(location.search, { ...ONE_OFF_PARAMS, ...changes })}`;
  const formOpen = screen.formOpen || (Boolean(lastResult) && !editing);
  const deletingNow = navigation.formData?.get("intent") === "delete";

  const choices: TrendChoice[] = [
    ...horses.map((h) => ({ kind: "horse" as const, label: h, to: `/run-log${withParams("", { horse: h })}`, active: scope?.kind === "horse" && scope.label === h })),
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
          <a href={`${listHref({ new: "" })}#log-run`} className="btn-primary" onClick={openForm}>
            + Add Run
          </a>
        }
      />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        {editing ? (
          <section id="edit-run-section" className="card scroll-mt-20" aria-labelledby="edit-run-title">
            <h2 id="edit-run-title" className="mb-3 text-lg font-bold text-gray-900">
              Edit run
            </h2>
            <RunForm key={editing.id} mode="edit" run={editing} cancelHref={listHref({})} lastResult={lastResult} horses={horses} riders={riders} events={events} solo={solo} />
          </section>
        ) : null}

        {scope && trends ? <TrendsPanel scope={scope} trends={trends} choices={choices} /> : null}

        {editing ? null : (
          <details id="log-run" className="card group scroll-mt-20" open={formOpen}>
            <summary className="flex min-h-[44px] cursor-pointer list-none items-center justify-between text-lg font-bold text-gray-900">
              Log a run
              <span aria-hidden className="text-brand-800 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <div className="mt-3">
              <RunForm
                key={formKey}
                mode="create"
                lastResult={lastResult}
                horses={horses}
                riders={riders}
                events={events}
                solo={solo}
                clientId={clientId}
                onKeep={async ({ fields, video }) => {
                  await queue.add({ clientId: newClientId(), userId, fields, video, queuedAt: Date.now() });
                  setFormKey((k) => k + 1);
                }}
              />
            </div>
          </details>
        )}

        {total > 0 ? <RunFilters key={location.search} filters={filters} filtered={filtered} horses={horses} riders={riders} /> : null}

        <PendingRuns queue={queue} />

        <section aria-labelledby="runs-title">
          <h2 id="runs-title" className="sr-only">
            Runs
          </h2>
          {total === 0 ? (
            <EmptyState title="No Run Logs Yet">Log your first run above: arena, horse and time are enough to start.</EmptyState>
          ) : runs.length === 0 ? (
            <EmptyState title="No runs match these filters">
              <Link to="/run-log" className="link">
                Clear filters
              </Link>
            </EmptyState>
          ) : (
            <>
              <p className="mb-2 text-sm text-gray-700">
                {filtered ? `${matching} of ${total} runs` : `${total} ${total === 1 ? "run" : "runs"}`}, newest first
              </p>
              {solo ? <p className="mb-2 rounded-lg bg-gray-50 p-3 text-sm text-gray-700">{RUN_MESSAGES.soloPrivate}</p> : null}
              <ul className="space-y-3">
                {runs.map((run) => (
                  <RunCard key={run.id} run={run} origin={origin} solo={solo} editHref={`${listHref({ edit: run.id })}#edit-run-section`} deleteHref={listHref({ delete: run.id })} />
                ))}
              </ul>
              {more ? <ShowMore param="shown" next={more} label="Show more runs" /> : null}
            </>
          )}
        </section>
      </main>

      <Dialog open={Boolean(deleting)} title="Delete this run?" onClose={() => navigate(listHref({}), { preventScrollReset: true })} labelledBy="delete-run-title">
        {deleting ? (
          <>
            <p className="text-gray-800">{[deleting.horseName, deleting.arenaName, deleting.time ? `${deleting.time}s` : null].filter(Boolean).join(" · ")}</p>
            <p className="mt-1 text-sm text-gray-700">This cannot be undone.</p>
            <Form method="post" className="mt-4 grid grid-cols-2 gap-3" preventScrollReset>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={deleting.id} />
              <Link to={listHref({})} preventScrollReset className="btn-secondary">
                Cancel
              </Link>
              <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={deletingNow}>
                {deletingNow ? "Deleting..." : "Delete Run"}
              </button>
            </Form>
          </>
        ) : null}
      </Dialog>
    </>
  );
}
