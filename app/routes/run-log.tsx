import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Dialog } from "~/components/Dialog";
import { EmptyState } from "~/components/EmptyState";
import { PageHeader } from "~/components/PageHeader";
import { listRiders } from "~/features/riders/riders.server";
import { RunCard } from "~/features/runs/RunCard";
import { ShowMore } from "~/components/ShowMore";
import { shownCount } from "~/lib/paging";
import { PendingRuns } from "~/features/runs/PendingRuns";
import { RunForm } from "~/features/runs/RunForm";
import {
  countOwnRuns,
  createRunLog,
  deleteRunLog,
  getOwnRun,
  latestHorseName,
  linkableEvents,
  listHorses,
  countRuns,
  listRuns,
  RUN_LIST_LIMIT,
  RUN_PAGE,
  runTrends,
  setRunPrivacy,
} from "~/features/runs/runs.server";
import { TrendsPanel, type TrendChoice } from "~/features/runs/TrendsPanel";
import { newClientId } from "~/features/runs/offlineQueue";
import { useRunQueue } from "~/features/runs/useRunQueue";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { formFailure, invalid, readForm } from "~/lib/forms.server";
import { HttpError, isStorageFailure } from "~/lib/http.server";
import { deleteUpload, storeUpload } from "~/lib/uploads.server";
import { config } from "~/lib/config.server";
import { APP_NAME, RUN_TAGS } from "~/schemas/constants";
import { runFiltersSchema, runLogSchema, runPrivacySchema, TAG_LABELS, VIDEO_MAX_BYTES, type RunFilters } from "~/schemas/runs";

export const meta: MetaFunction = () => [{ title: `Run Log | ${APP_NAME}` }];

const FILTER_KEYS = ["horse", "rider", "arena", "from", "to", "tag"] as const;

function readFilters(url: URL): RunFilters {
  const raw = Object.fromEntries(FILTER_KEYS.map((k) => [k, url.searchParams.get(k) ?? undefined]));
  const parsed = runFiltersSchema.safeParse(raw);
  // A hand-edited query string with a bad value is ignored, not an error page.
  return parsed.success ? parsed.data : {};
}

/** The list's query string without the one-off `delete` parameter. */
function listSearch(url: URL) {
  const params = new URLSearchParams(url.search);
  params.delete("delete");
  params.delete("index");
  const s = params.toString();
  return s ? `?${s}` : "";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const url = new URL(request.url);
  const filters = readFilters(url);
  const shown = shownCount(url, "shown", RUN_PAGE, RUN_LIST_LIMIT);
  // One more than shown tells whether there is more.
  const page = listRuns(db, user.id, filters, { limit: shown + 1 });
  const runs = page.slice(0, shown);
  const total = countOwnRuns(db, user.id);
  const matching = FILTER_KEYS.some((k) => filters[k] !== undefined) ? countRuns(db, user.id, filters) : total;
  const riders = listRiders(db, user.id);
  const horses = listHorses(db, user);

  // Trends follow the horse or rider filter; otherwise the horse of the latest run.
  const latestHorse = filters.horse ?? latestHorseName(db, user.id) ?? horses[0];
  const riderFilter = typeof filters.rider === "number" ? riders.find((r) => r.id === filters.rider) : undefined;
  const scope = riderFilter
    ? { kind: "rider" as const, label: riderFilter.name, riderId: riderFilter.id }
    : latestHorse
      ? { kind: "horse" as const, label: latestHorse, horse: latestHorse }
      : null;
  const trends = scope ? runTrends(db, user.id, scope.kind === "rider" ? { riderId: scope.riderId } : { horse: scope.horse }) : null;

  const deleteId = url.searchParams.get("delete");
  const deleting = deleteId ? getOwnRun(db, user.id, deleteId) : null;

  return {
    runs,
    total,
    matching,
    more: page.length > shown && shown < RUN_LIST_LIMIT ? shown + RUN_PAGE : null,
    filters,
    riders,
    horses,
    events: linkableEvents(db, user),
    scope: scope ? { kind: scope.kind, label: scope.label } : null,
    trends,
    deleting: deleting ? { id: deleting.id, arenaName: deleting.arenaName, horseName: deleting.horseName, time: deleting.time } : null,
    // A fresh idempotency key per rendering of the form: a double submit stores one run
    // (without JavaScript; with it, each run kept on the phone gets its own key).
    clientId: crypto.randomUUID(),
    userId: user.id,
    origin: config().appOrigin,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const url = new URL(request.url);
  const back = `/run-log${listSearch(url)}`;
  // Refuse an oversized body before reading it (a 15 MB video plus the form's fields fit).
  if (Number(request.headers.get("content-length") ?? 0) > VIDEO_MAX_BYTES + 512 * 1024) {
    return data({ result: { status: "error" as const, error: { video: [`File Too Large: File size must be less than ${VIDEO_MAX_BYTES / 1024 / 1024}MB`] } } }, { status: 413 });
  }
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "delete") {
    try {
      deleteRunLog(db, user, String(formData.get("id") ?? ""));
    } catch (error) {
      if (!(error instanceof HttpError)) console.error(error);
      return redirectWithToast(back, { type: "error", title: "Failed to delete run log. Please try again." });
    }
    return redirectWithToast(back, { type: "success", title: "Run Log Deleted" });
  }

  if (intent === "privacy") {
    const parsed = runPrivacySchema.safeParse({ privacy: formData.get("privacy") });
    try {
      if (!parsed.success) throw new HttpError(400, "Privacy must be PRIVATE or PUBLIC");
      setRunPrivacy(db, user, String(formData.get("id") ?? ""), parsed.data.privacy);
    } catch (error) {
      if (!(error instanceof HttpError)) console.error(error);
      return redirectWithToast(back, { type: "error", title: "Failed to update privacy setting." });
    }
    return redirectWithToast(back, { type: "success", title: "Privacy Updated" });
  }

  // The add-run form is multipart: it may carry a video file (stored by the one upload mechanism).
  const video = formData.get("video");
  formData.delete("video");
  const submission = parseWithZod(formData, { schema: runLogSchema });
  if (submission.status !== "success") return invalid(submission);
  let input = submission.value;
  let storedVideo: string | null = null;
  try {
    if (video instanceof Blob && video.size > 0) {
      storedVideo = (await storeUpload("video", video, user.id)).url;
      input = { ...input, videoUrl: storedVideo };
    }
    createRunLog(db, user, input);
  } catch (error) {
    if (storedVideo) deleteUpload(storedVideo);
    if (error instanceof HttpError && storedVideo === null && video instanceof Blob && video.size > 0 && (error.status === 413 || error.status === 415)) {
      const title = typeof error.body.title === "string" ? `${error.body.title}: ` : "";
      return data({ result: submission.reply({ fieldErrors: { video: [`${title}${error.message}`] } }) }, { status: error.status });
    }
    if (error instanceof HttpError) return formFailure(submission, error);
    if (isStorageFailure(error)) throw error; // a full disk: 503 from entry.server's handleError, like every page
    console.error(error);
    return data({ result: submission.reply({ formErrors: ["Failed to add run log. Please try again."] }) }, { status: 500 });
  }
  return redirectWithToast(back, { type: "success", title: "Run Log Added!" });
}

function searchWith(current: URLSearchParams, changes: Record<string, string | null>) {
  const params = new URLSearchParams(current);
  params.delete("delete");
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  const s = params.toString();
  return s ? `?${s}` : "?";
}

export default function RunLog() {
  const { runs, total, matching, more, filters, riders, horses, events, scope, trends, deleting, clientId, userId, origin } = useLoaderData<typeof loader>();
  const queue = useRunQueue(userId);
  // A new form after each kept run; not tied to the run count, which changes under the rider's fingers when a sync lands.
  const [formKey, setFormKey] = useState(0);
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const search = new URLSearchParams(location.search);
  const cancelDelete = `/run-log${searchWith(search, { delete: null })}`;
  const filtered = FILTER_KEYS.some((k) => filters[k] !== undefined);
  const formOpen = Boolean(actionData) || total === 0;
  const deletingNow = navigation.formData?.get("intent") === "delete";

  const choices: TrendChoice[] = [
    ...horses.map((h) => ({ kind: "horse" as const, label: h, to: `/run-log?horse=${encodeURIComponent(h)}`, active: scope?.kind === "horse" && scope.label === h })),
    ...riders.map((r) => ({ kind: "rider" as const, label: r.name, to: `/run-log?rider=${r.id}`, active: scope?.kind === "rider" && scope.label === r.name })),
  ];

  return (
    <>
      <PageHeader
        title="Run Log"
        actions={
          <a href="#log-run" className="btn-primary" onClick={() => document.getElementById("log-run")?.setAttribute("open", "")}>
            + Add Run
          </a>
        }
      />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        {scope && trends ? <TrendsPanel scope={scope} trends={trends} choices={choices} /> : null}

        <details id="log-run" className="card group" open={formOpen}>
          <summary className="flex min-h-[44px] cursor-pointer list-none items-center justify-between text-lg font-bold text-gray-900">
            Log a run
            <span aria-hidden className="text-brand-800 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <div className="mt-3">
            <RunForm
              key={formKey}
              lastResult={actionData && "result" in actionData ? actionData.result : null}
              horses={horses}
              riders={riders}
              events={events}
              clientId={clientId}
              onKeep={async ({ fields, video }) => {
                await queue.add({ clientId: newClientId(), userId, fields, video, queuedAt: Date.now() });
                setFormKey((k) => k + 1);
              }}
            />
          </div>
        </details>

        {total > 0 ? (
          <details className="card" open={filtered}>
            <summary className="flex min-h-[44px] cursor-pointer items-center font-semibold text-gray-900">
              Filters{filtered ? " (on)" : ""}
            </summary>
            <Form method="get" key={location.search} className="mt-3 space-y-3" preventScrollReset>
              <div className="grid grid-cols-2 gap-3">
                <div>
                  <label htmlFor="filter-horse" className="label">
                    Horse
                  </label>
                  <select id="filter-horse" name="horse" className="input" defaultValue={filters.horse ?? ""}>
                    <option value="">All horses</option>
                    {horses.map((h) => (
                      <option key={h} value={h}>
                        {h}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor="filter-rider" className="label">
                    Rider
                  </label>
                  <select id="filter-rider" name="rider" className="input" defaultValue={filters.rider !== undefined ? String(filters.rider) : ""}>
                    <option value="">All riders</option>
                    <option value="none">Me (no rider)</option>
                    {riders.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <div>
                <label htmlFor="filter-arena" className="label">
                  Arena
                </label>
                <input id="filter-arena" name="arena" className="input" defaultValue={filters.arena ?? ""} placeholder="Any arena" />
              </div>
              <div className="grid grid-cols-2 gap-3">
                <div>
                  <label htmlFor="filter-from" className="label">
                    From
                  </label>
                  <input id="filter-from" name="from" type="date" className="input" defaultValue={filters.from ?? ""} />
                </div>
                <div>
                  <label htmlFor="filter-to" className="label">
                    To
                  </label>
                  <input id="filter-to" name="to" type="date" className="input" defaultValue={filters.to ?? ""} />
                </div>
              </div>
              <div>
                <label htmlFor="filter-tag" className="label">
                  Tag
                </label>
                <select id="filter-tag" name="tag" className="input" defaultValue={filters.tag ?? ""}>
                  <option value="">Any tag</option>
                  {RUN_TAGS.map((t) => (
                    <option key={t} value={t}>
                      {TAG_LABELS[t]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="grid grid-cols-2 gap-3">
                <Link to="/run-log" className="btn-secondary">
                  Clear
                </Link>
                <button type="submit" className="btn-primary">
                  Apply Filters
                </button>
              </div>
            </Form>
          </details>
        ) : null}

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
              <ul className="space-y-3">
                {runs.map((run) => (
                  <RunCard key={run.id} run={run} origin={origin} deleteHref={`/run-log${searchWith(search, { delete: run.id })}`} />
                ))}
              </ul>
              {more ? <ShowMore param="shown" next={more} label="Show more runs" /> : null}
            </>
          )}
        </section>
      </main>

      <Dialog open={Boolean(deleting)} title="Delete this run?" onClose={() => navigate(cancelDelete, { preventScrollReset: true })} labelledBy="delete-run-title">
        {deleting ? (
          <>
            <p className="text-gray-800">
              {[deleting.horseName, deleting.arenaName, deleting.time ? `${deleting.time}s` : null].filter(Boolean).join(" · ")}
            </p>
            <p className="mt-1 text-sm text-gray-700">This cannot be undone.</p>
            <Form method="post" className="mt-4 grid grid-cols-2 gap-3" preventScrollReset>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={deleting.id} />
              <Link to={cancelDelete} preventScrollReset className="btn-secondary">
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
