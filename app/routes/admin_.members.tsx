import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { officeIntent, officePage, yearIntent } from "~/features/members/screens.server";
import { YearForm } from "~/features/members/YearForm";
import { formatCents } from "~/features/raceday/time";
import { requireAdminScreen } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Members | Admin | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminScreen(request);
  return officePage(getDb(), new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminScreen(request);
  const form = await readForm(request);
  return String(form.get("intent") ?? "").startsWith("year-") ? yearIntent(getDb(), form) : officeIntent(getDb(), form, admin);
}

const METHODS = [
  ["CASH", "Cash"],
  ["CHECK", "Check"],
  ["CARD", "Card"],
  ["COMP", "Comp"],
] as const;

/** The office's member list of a year: dues marked paid, numbers, the CSV import with its preview, and the export. */
export default function AdminMembers() {
  const { years, year, rows, status, member, creating, yearForm } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const imported = result && "importResult" in result ? result.importResult : null;
  const rowError = result && "rowError" in result ? result.rowError : null;
  const refusedYear = result && "yearForm" in result ? result.yearForm : null;
  if (creating || !year) {
    return (
      <>
        <PageHeader title="Members" back="/admin" width="wide" />
        <main id="main" className="mx-auto max-w-2xl px-4 py-4">
          <section aria-labelledby="new-year" className="card">
            <h2 id="new-year" className="mb-1 text-lg font-bold text-gray-900">
              Open a membership year
            </h2>
            <p className="mb-3 text-sm text-gray-700">
              {year ? "Riders can ask to join it once it is open; you mark their dues paid here." : "No membership year yet. Open the first one: riders can then ask to join it, and you mark their dues paid here."}
            </p>
            <YearForm values={refusedYear?.values ?? yearForm} errors={refusedYear?.errors ?? {}} yearId={null} intent="year-create" />
            {year ? (
              <a href={`/admin/members?yearId=${year.id}`} className="btn btn-ghost mt-2 min-h-[44px] w-full">
                Cancel
              </a>
            ) : null}
          </section>
        </main>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Members" back="/admin" width="wide" />
      <main id="main" className="mx-auto grid max-w-7xl gap-6 px-4 py-4 lg:grid-cols-[1fr_26rem]">
        <section aria-labelledby="list">
          <div className="flex flex-wrap items-end gap-3">
            <h2 id="list" className="text-lg font-bold text-gray-900">
              {year ? `${year.name} members` : "No membership year yet"}
            </h2>
            {year ? (
              <Form method="get" className="flex items-end gap-2">
                <label className="text-sm">
                  <span className="label">Year</span>
                  <select name="yearId" defaultValue={year.id} className="input">
                    {years.map((y) => (
                      <option key={y.id} value={y.id}>
                        {y.name}
                        {y.closed ? " (closed)" : ""}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="text-sm">
                  <span className="label">Dues</span>
                  <select name="status" defaultValue={status ?? ""} className="input">
                    <option value="">All</option>
                    <option value="PENDING">Not paid</option>
                    <option value="ACTIVE">Paid</option>
                  </select>
                </label>
                <button type="submit" className="btn btn-secondary min-h-[44px]">
                  Show
                </button>
                <a className="btn btn-ghost min-h-[44px]" href={`/api/admin/memberships.csv?yearId=${year.id}`} download>
                  Download CSV
                </a>
              </Form>
            ) : null}
          </div>
          {year ? (
            <table className="mt-3 w-full border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-gray-300 text-gray-700">
                  <th className="py-2 pr-2">Name</th>
                  <th className="py-2 pr-2">Email</th>
                  <th className="py-2 pr-2">Kind</th>
                  <th className="py-2 pr-2">Number</th>
                  <th className="py-2 pr-2">Dues</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((m) => (
                  <tr key={m.id} id={`m-${m.id}`} className={`border-b border-gray-200 align-top ${m.id === member ? "bg-amber-50" : ""}`}>
                    <td className="py-2 pr-2 font-semibold text-gray-900">
                      {m.name}
                      {m.claimed ? null : <span className="ml-1 rounded bg-gray-100 px-1 text-xs font-normal text-gray-700">no account yet</span>}
                    </td>
                    <td className="py-2 pr-2 text-gray-800">{m.email ?? ""}</td>
                    <td className="py-2 pr-2">{m.kindLabel}</td>
                    <td className="py-2 pr-2 font-mono">{m.number ?? ""}</td>
                    <td className="py-2 pr-2">
                      {m.status === "ACTIVE" ? (
                        <Form method="post" className="flex items-center gap-2">
                          <input type="hidden" name="yearId" value={year.id} />
                          <input type="hidden" name="membershipId" value={m.id} />
                          <span className="font-semibold text-green-800">
                            Paid{m.paidMethod ? ` (${m.paidMethod.toLowerCase()}${m.paidReference ? ` ${m.paidReference}` : ""})` : ""}
                          </span>
                          <button type="submit" name="intent" value="unpay" className="btn btn-ghost min-h-[36px] text-xs">
                            Undo
                          </button>
                        </Form>
                      ) : (
                        <Form method="post" className="flex flex-wrap items-center gap-1" aria-label={`Mark ${m.name}'s dues paid`}>
                          <input type="hidden" name="yearId" value={year.id} />
                          <input type="hidden" name="membershipId" value={m.id} />
                          <span className="mr-1 text-gray-700">{formatCents(m.duesCents)}</span>
                          <select name="paidMethod" aria-label="How paid" className="input w-24 py-1" defaultValue="CASH">
                            {METHODS.map(([v, label]) => (
                              <option key={v} value={v}>
                                {label}
                              </option>
                            ))}
                          </select>
                          <input name="paidReference" aria-label="Check number" placeholder="Check #" className="input w-28 py-1" />
                          <button type="submit" name="intent" value="mark" className="btn btn-primary min-h-[36px] text-xs">
                            Mark paid
                          </button>
                        </Form>
                      )}
                      {rowError && rowError.id === m.id ? (
                        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
                          {rowError.message}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {year && rows.length === 0 ? <p className="card mt-2 text-gray-800">No members in this list.</p> : null}
        </section>
        <div className="space-y-6">
          <section aria-labelledby="year-details" className="card">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h2 id="year-details" className="text-lg font-bold text-gray-900">
                  {year.name}
                </h2>
                <p className="text-sm text-gray-700">{year.spanText}</p>
                <p className={`mt-1 text-sm font-semibold ${year.closed ? "text-red-800" : "text-green-800"}`} data-testid="year-state">
                  {year.closed ? "Closed: riders cannot ask to join" : "Open: riders can ask to join"}
                </p>
              </div>
              <a href="/admin/members?new=1" className="btn btn-secondary min-h-[44px]">
                Open a new year
              </a>
            </div>
            <details className="mt-3" open={refusedYear !== null}>
              <summary className="flex min-h-[44px] cursor-pointer items-center font-semibold text-brand-800">Edit dates, kinds and dues</summary>
              <div className="mt-2">
                <YearForm values={refusedYear?.values ?? yearForm} errors={refusedYear?.errors ?? {}} yearId={year.id} intent="year-update" />
              </div>
            </details>
            <Form method="post" className="mt-3">
              <input type="hidden" name="yearId" value={year.id} />
              {year.closed ? (
                <button type="submit" name="intent" value="year-reopen" className="btn btn-secondary min-h-[44px] w-full">
                  Reopen {year.name} to new members
                </button>
              ) : (
                <button type="submit" name="intent" value="year-close" className="btn btn-ghost min-h-[44px] w-full border border-gray-300">
                  Close {year.name} to new members
                </button>
              )}
            </Form>
          </section>
          <section aria-labelledby="import" className="card h-fit">
            <h2 id="import" className="mb-2 text-lg font-bold text-gray-900">
              Import a member list
            </h2>
            <p className="mb-2 text-sm text-gray-700">A CSV with a header line: name, email, number, kind, year, paid, reference (a check&apos;s number; number, year and reference may be left out). Preview first: nothing is written until every line is accepted.</p>
            <Form method="post" encType="multipart/form-data" className="space-y-2">
              <input type="hidden" name="yearId" value={year.id} />
              <label htmlFor="file" className="label">
                CSV file
              </label>
              <input id="file" name="file" type="file" accept=".csv,text/csv" className="input" />
              <button type="submit" name="intent" value="preview" className="btn btn-secondary min-h-[44px] w-full">
                Preview
              </button>
            </Form>
            {imported ? (
              <div className="mt-3 space-y-2" aria-live="polite">
                <p role="status" className="font-semibold text-gray-900">
                  {imported.message}
                </p>
                {imported.report ? (
                  <p className="text-sm text-gray-800">
                    {imported.report.created} to create · {imported.report.linked} to link · {imported.report.refused.length} refused
                  </p>
                ) : null}
                {imported.report?.refused.length ? (
                  <ul className="max-h-64 overflow-auto rounded border border-red-200 bg-red-50 p-2 text-sm text-red-900" aria-label="Refused lines">
                    {imported.report.refused.map((r) => (
                      <li key={r.line}>
                        Line {r.line}: {r.reason}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {imported.csv ? (
                  <Form method="post">
                    <input type="hidden" name="yearId" value={year.id} />
                    <input type="hidden" name="csv" value={imported.csv} />
                    <button type="submit" name="intent" value="import" className="btn btn-primary min-h-[44px] w-full">
                      Import {imported.report ? imported.report.created + imported.report.linked : 0} members
                    </button>
                  </Form>
                ) : null}
              </div>
            ) : null}
          </section>
        </div>
      </main>
    </>
  );
}
