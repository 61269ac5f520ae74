import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { FormError } from "~/components/Field";
import { PageHeader } from "~/components/PageHeader";
import { searchPeople } from "~/features/social/search.server";
import { shareableEvent, shareableRun, shareEvent, shareRun } from "~/features/social/sharing.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { useHydrated } from "~/lib/useHydrated";
import { getDb } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { APP_NAME } from "~/schemas/constants";
import { readForm } from "~/lib/forms.server";

export const meta: MetaFunction = () => [{ title: `Share with a rider | ${APP_NAME}` }];

const KINDS = { event: "event", "run-log": "run" } as const;

/**
 * The share-with-user dialog as a screen of its own: search (a plain GET
 * form), select one rider, confirm. Sending stays disabled until a rider is
 * selected; the server refuses it too.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request);
  if (!params.type || !(params.type in KINDS)) throw data(null, { status: 404 });
  const type = params.type as keyof typeof KINDS;
  const id = params.id ?? "";
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  let results: ReturnType<typeof searchPeople> = [];
  let searchError: string | null = null;
  let itemError: string | null = null;
  let status = 200;
  // The item is checked first, so nobody searches for a rider only to be refused at Share.
  try {
    if (type === "event") shareableEvent(getDb(), viewer, id);
    else shareableRun(getDb(), viewer, id);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    [itemError, status] = [error.message, error.status];
  }
  if (q && !itemError) {
    try {
      rateLimit(LIMITS.search, viewer.id);
      results = searchPeople(getDb(), viewer, { query: q });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      [searchError, status] = [error.message, error.status];
    }
  }
  return data({ type, id, q, results, searchError, itemError }, { status });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request);
  const targetUserId = String((await readForm(request)).get("targetUserId") ?? "");
  const back = `/share/${params.type}/${params.id}`;
  if (!targetUserId) return data({ error: "Select a rider to share with" }, { status: 400 });
  try {
    if (params.type === "event") shareEvent(getDb(), viewer, params.id ?? "", targetUserId);
    else if (params.type === "run-log") shareRun(getDb(), viewer, params.id ?? "", targetUserId);
    else throw new HttpError(404, "Not found");
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const failed = params.type === "event" ? `Failed to share event. Please try again. ${error.message}` : error.message;
    return data({ error: failed }, { status: error.status });
  }
  return redirectWithToast(back, { type: "success", title: params.type === "event" ? "Event Shared!" : "Run Shared!" });
}

export default function ShareWith() {
  const { type, id, q, results, searchError, itemError } = useLoaderData<typeof loader>();
  const back = `/share/${type}/${id}`;
  return (
    <>
      <PageHeader title={`Share this ${KINDS[type]} with a rider`} back={back} />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        {itemError ? (
          <div className="card space-y-3">
            <FormError message={itemError} />
            <a data-discover href={back} className="btn-secondary w-full">
              Back
            </a>
          </div>
        ) : (
          <RiderPicker q={q} results={results} searchError={searchError} back={back} />
        )}
      </main>
    </>
  );
}

type PickerProps = { q: string; results: ReturnType<typeof searchPeople>; searchError: string | null; back: string };

/** Search riders (a GET form), pick one, Share. */
function RiderPicker({ q, results, searchError, back }: PickerProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [selected, setSelected] = useState<string | null>(null);
  const hydrated = useHydrated();
  return (
    <>
      <Form method="get" className="card space-y-2" role="search">
        <label htmlFor="share-q" className="label">
          Search riders by name
        </label>
        <div className="flex gap-2">
          <input id="share-q" name="q" defaultValue={q} required className="input" autoComplete="off" />
          <button type="submit" className="btn-secondary">
            Search
          </button>
        </div>
      </Form>
      <Form method="post" className="card space-y-3">
        {actionData?.error ? <FormError message={actionData.error} /> : null}
        {searchError ? <FormError message={searchError} /> : q && results.length === 0 ? <p className="text-gray-700">No users found</p> : null}
        {results.length ? (
          <fieldset className="max-h-[200px] space-y-1 overflow-y-auto">
            <legend className="label">Choose a rider</legend>
            {results.map((u) => (
              <label key={u.id} className="flex min-h-[44px] items-center gap-3 rounded-lg px-2 has-[:checked]:bg-brand-50">
                <input type="radio" name="targetUserId" value={u.id} onChange={() => setSelected(u.id)} className="h-5 w-5 accent-brand-700" />
                <span className="font-medium">
                  {u.firstName} {u.lastName ?? ""}
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="text-gray-700">Search for a rider, then pick them here.</p>
        )}
        <div className="flex gap-2">
          {/* Disabled until a rider is picked once JavaScript runs; without it the server checks. */}
          <button type="submit" className="btn-primary flex-1" disabled={navigation.state !== "idle" || (hydrated && selected === null)}>
            Share
          </button>
          <a data-discover href={back} className="btn-secondary flex-1">
            Cancel
          </a>
        </div>
      </Form>
    </>
  );
}
