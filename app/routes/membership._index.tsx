import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FieldErrors, fieldAria } from "~/components/Field";
import { PageHeader } from "~/components/PageHeader";
import { joinFromForm, membershipPage } from "~/features/members/screens.server";
import { formatCents } from "~/features/raceday/time";
import { requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Membership | ${APP_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return membershipPage(getDb(), user);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  return joinFromForm(getDb(), user, form);
}

/**
 * A rider's memberships (theirs and their riders'), each with its card, and
 * the request to join. The cards are kept on the phone with this page
 * (`data-keep`, public/sw.js), so they open at the gate with no signal.
 */
export default function Membership() {
  const { memberships, years, riders, selfMayJoin } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const errors = (refused?.errors ?? {}) as Record<string, string[] | undefined>;
  const values = (refused?.values ?? {}) as Record<string, string | undefined>;
  return (
    <>
      <PageHeader title="Membership" back="/settings" />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        <section aria-labelledby="mine">
          <h2 id="mine" className="text-lg font-bold text-gray-900">
            Your memberships
          </h2>
          {memberships.length ? (
            <ul className="mt-2 space-y-2">
              {memberships.map((m) => (
                <li key={m.id} id={`m-${m.id}`} className="card">
                  <p className="font-semibold text-gray-900">
                    {m.name} · {m.kindLabel} · {m.yearName}
                  </p>
                  <p className="text-sm text-gray-700">
                    {m.status === "ACTIVE" ? (m.expired ? `Expired ${m.validThroughText}` : `Member ${m.number ?? ""}, valid through ${m.validThroughText}`) : `Dues of ${formatCents(m.duesCents)} not marked paid yet: pay the office`}
                  </p>
                  {m.status === "ACTIVE" ? (
                    <a data-keep data-discover href={`/membership/card/${m.id}`} className="btn btn-primary mt-2 inline-flex min-h-[44px]">
                      Member card
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="card mt-2 text-gray-800">You are not a member yet.</p>
          )}
        </section>
        <section aria-labelledby="join" className="card">
          <h2 id="join" className="mb-3 text-lg font-bold text-gray-900">
            Join the association
          </h2>
          {years.length ? (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="join" />
              <div>
                <label htmlFor="yearId" className="label">
                  Year
                </label>
                <select id="yearId" name="yearId" className="input" defaultValue={values.yearId ?? years[0]!.id} {...fieldAria("yearId", errors.yearId)}>
                  {years.map((y) => (
                    <option key={y.id} value={y.id}>
                      {`${y.name} (${y.spanText})`}
                    </option>
                  ))}
                </select>
                <FieldErrors id="yearId-error" errors={errors.yearId} />
              </div>
              <div>
                <label htmlFor="kind" className="label">
                  Kind
                </label>
                <select id="kind" name="kind" className="input" defaultValue={values.kind ?? "OPEN"} {...fieldAria("kind", errors.kind)}>
                  {[...new Map(years.flatMap((y) => y.kinds).map((k) => [k.kind, k])).values()].map((k) => (
                    <option key={k.kind} value={k.kind}>
                      {k.label} ({formatCents(k.duesCents)}
                      {k.maxAge !== null ? `, ${k.maxAge} and under` : ""}
                      {k.minAge !== null ? `, ${k.minAge} and over` : ""})
                    </option>
                  ))}
                </select>
                <FieldErrors id="kind-error" errors={errors.kind} />
              </div>
              <div>
                <label htmlFor="riderId" className="label">
                  Rider
                </label>
                <select id="riderId" name="riderId" className="input" defaultValue={values.riderId ?? (selfMayJoin ? "" : String(riders[0]?.id ?? ""))} {...fieldAria("riderId", errors.riderId)}>
                  {selfMayJoin ? <option value="">Me</option> : null}
                  {riders.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
                <FieldErrors id="riderId-error" errors={errors.riderId} />
              </div>
              <div>
                <label htmlFor="birthDate" className="label">
                  Birth date (for Youth and age kinds)
                </label>
                <input id="birthDate" name="birthDate" type="date" className="input" defaultValue={values.birthDate ?? ""} {...fieldAria("birthDate", errors.birthDate)} />
                <FieldErrors id="birthDate-error" errors={errors.birthDate} />
              </div>
              <FieldErrors id="form-error" errors={errors.form} />
              <button type="submit" className="btn btn-primary min-h-[44px] w-full">
                Ask to join
              </button>
              <p className="text-sm text-gray-600">The office marks your dues paid (cash, check or card); your member card is ready then.</p>
            </Form>
          ) : (
            <p className="text-gray-800">{memberships.length ? "You have asked to join every year open now." : "The association has not opened a membership year yet."}</p>
          )}
        </section>
      </main>
    </>
  );
}
