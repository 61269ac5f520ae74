import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { createSeriesFromForm } from "~/features/season/admin.server";
import { requireAdminScreen } from "~/lib/auth.server";
import { adminSeriesIndex } from "~/features/season/pages.server";
import { SeriesForm } from "~/features/season/SeriesForm";
import { DEFAULT_SEASON_RULES } from "~/features/season/standings";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { APP_NAME } from "~/schemas/constants";
import { seriesFormOf } from "~/schemas/season";

export const meta: MetaFunction = () => [{ title: `Series | Admin | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminScreen(request);
  const year = new Date().getUTCFullYear();
  return {
    series: adminSeriesIndex(getDb()),
    blank: seriesFormOf({ ...DEFAULT_SEASON_RULES, name: "", startDate: `${year}-01-01`, endDate: `${year}-12-31`, classNames: [] }),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminScreen(request);
  return createSeriesFromForm(getDb(), admin, await readForm(request));
}

/** The association office's series: each with its requests waiting, and a new one. */
export default function AdminSeries() {
  const { series, blank } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Series" back="/admin" width="wide" />
      <main id="main" className="mx-auto grid max-w-7xl gap-6 px-4 py-4 lg:grid-cols-[1fr_28rem]">
        <section aria-labelledby="series-list">
          <h2 id="series-list" className="text-lg font-bold text-gray-900">
            Series
          </h2>
          {series.length ? (
            <ul className="mt-2 space-y-2">
              {series.map((s) => (
                <li key={s.id}>
                  <a data-discover href={`/admin/series/${s.id}`} className="card flex min-h-[56px] items-center justify-between gap-3 hover:bg-brand-50">
                    <span>
                      <span className="block font-semibold text-gray-900">{s.name}</span>
                      <span className="block text-sm text-gray-700">
                        {s.startDate} to {s.endDate} · {s.classNames.join(", ")}
                      </span>
                    </span>
                    {s.pending ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{s.pending} waiting</span> : null}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="card mt-2 text-gray-800">No series yet. Create the first one.</p>
          )}
        </section>
        <section aria-labelledby="new-series" className="card">
          <h2 id="new-series" className="mb-3 text-lg font-bold text-gray-900">
            New series
          </h2>
          <SeriesForm values={refused?.values ?? blank} errors={refused?.errors} submitLabel="Create series" intent="create" />
        </section>
      </main>
    </>
  );
}
