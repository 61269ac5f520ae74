import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { ConfirmAction } from "~/components/ConfirmAction";
import { FieldErrors } from "~/components/Field";
import { FormError } from "~/components/FormError";
import { NotFound } from "~/components/NotFound";
import { PageHeader } from "~/components/PageHeader";
import { formatDateRange } from "~/features/events/format";
import { enterAction, enterScreen } from "~/features/raceday/screens.server";
import { drawPlace } from "~/features/raceday/DrawList";
import { formatCents } from "~/features/raceday/time";
import { closingSentence } from "~/features/raceday/when";
import { useHydrated } from "~/lib/useHydrated";
import { APP_NAME } from "~/schemas/constants";
import { RACE_LIMITS, RACE_MESSAGES } from "~/schemas/raceday-words";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Enter ${data && data.found ? data.event.name : "a Race"} | ${APP_NAME}` }];
export const loader = ({ request, params }: LoaderFunctionArgs) => enterScreen(request, params.id ?? "");
export const action = ({ request, params }: ActionFunctionArgs) => enterAction(request, params.id ?? "");

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { found: true }>;

function MyEntries({ page }: { page: Loaded }) {
  const running = page.entries.filter((e) => e.status === "ENTERED");
  const total = running.reduce((sum, e) => sum + (e.feeCents ?? 0), 0);
  if (!page.entries.length) return null;
  return (
    <section className="card space-y-3" aria-labelledby="my-entries">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="my-entries" className="text-lg font-bold text-gray-900">
          Your entries
        </h2>
        <p className="text-sm font-semibold text-gray-900" data-testid="entry-fees">
          {`Fees ${formatCents(total)}`}
        </p>
      </div>
      <ul className="divide-y divide-gray-200">
        {page.entries.map((e) => (
          <li key={e.id} className="flex items-center gap-3 py-2" data-testid="my-entry">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-gray-900">
                {e.className} · {e.horseName}
              </p>
              <p className="text-sm text-gray-700">
                {e.riderName} · {formatCents(e.feeCents ?? 0)}
                {e.paid ? " · Paid" : ""}
                {e.status === "SCRATCHED" ? " · Scratched" : ""}
              </p>
              {e.result ? (
                <p className="text-sm font-semibold text-brand-800" data-testid="my-entry-result">{`Result: ${e.result}`}</p>
              ) : e.drawPosition && !e.resultsPublished ? (
                <p className="text-sm font-semibold text-brand-800">{`Runs ${drawPlace(e.drawPosition, e.dragsBefore ?? 0)}`}</p>
              ) : null}
            </div>
            {/* Once a class's results are published its entries stand: the office answers for any change. */}
            {e.status === "ENTERED" && page.open && !e.resultsPublished ? (
              <ConfirmAction
                label="Scratch"
                name={`Scratch ${e.horseName} from ${e.className}`}
                question={`Scratch ${e.horseName} from ${e.className}? ${e.scratchCost} The office pays any refund.`}
                hidden={{ intent: "scratch", entryId: e.id }}
                size="compact"
              />
            ) : null}
          </li>
        ))}
      </ul>
      <p className="text-xs text-gray-600">Fees are shown, not taken: pay at the office.</p>
    </section>
  );
}

export default function EnterRace() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [chosenClass, setChosenClass] = useState<string | null>(null);
  if (!page.found) return <NotFound title="Event Not Found" text="This event does not exist or is no longer available." />;
  const result = actionData && "result" in actionData ? actionData.result : null;
  const errors = (name: string) => result?.error?.[name] ?? undefined;
  const sent = (result?.initialValue ?? {}) as Record<string, string | undefined>;
  const entryClasses = page.classes;
  const ageClasses = entryClasses.filter((c) => c.minAge !== null || c.maxAge !== null);
  // With JavaScript the class being entered leaves "Also counts in" (without it, the server says so if it is ticked).
  const entering = chosenClass ?? sent.classId ?? entryClasses[0]?.id;
  return (
    <>
      <PageHeader title="Enter" back={`/share/event/${page.event.id}`} />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4 pb-24">
        <div>
          <h2 className="text-xl font-bold text-gray-900">{page.event.name}</h2>
          <p className="text-gray-700">
            {formatDateRange(page.event.date, page.event.endDate)} · {page.event.location}
          </p>
          <p className="mt-1 text-sm text-gray-700">
            <time dateTime={page.closesAt}>{closingSentence(page.open, page.closesAt, page.zone)}</time>
          </p>
          <a data-discover href={`/events/${page.event.id}/draw`} className="link text-sm">
            See the draw
          </a>
        </div>
        <MyEntries page={page} />
        {!page.racing || !entryClasses.length ? (
          <p className="card text-gray-800">This event takes no entries here yet.</p>
        ) : !page.open ? (
          <p className="card text-gray-800">{RACE_MESSAGES.entriesClosed}. Ask the producer at the office.</p>
        ) : (
          <section className="card space-y-3" aria-labelledby="enter-title">
            <h2 id="enter-title" className="text-lg font-bold text-gray-900">
              Enter a class
            </h2>
            {page.solo ? (
              <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="solo-notice">
                {RACE_MESSAGES.soloNotice}
              </p>
            ) : (
              <p className="text-sm text-gray-700">The draw and results show each rider&apos;s name and horse publicly, as at any race.</p>
            )}
            {/* A new (or undone) entry changes the list: the form starts fresh for the next one. A refusal keeps what was typed. */}
            <Form key={page.entries.map((e) => `${e.id}:${e.status}`).join()} method="post" className="space-y-3" noValidate>
              <FormError message={result?.error?.[""]?.[0]} />
              <fieldset>
                <legend className="label">Class</legend>
                <div className="space-y-2">
                  {entryClasses.map((c, i) => (
                    <label key={c.id} className="flex min-h-[44px] items-center gap-3 rounded-lg border border-gray-300 px-3 py-2">
                      <input type="radio" name="classId" value={c.id} defaultChecked={sent.classId ? sent.classId === c.id : i === 0} onChange={() => setChosenClass(c.id)} className="h-5 w-5" />
                      <span className="flex-1">
                        <span className="block font-semibold text-gray-900">{c.name}</span>
                        <span className="block text-sm text-gray-700">
                          {formatCents(c.entryFeeCents)} entry{c.addedMoneyCents ? ` · ${formatCents(c.addedMoneyCents)} added` : ""}
                          {c.sidepotOf ? ` · sidepot of ${entryClasses.find((p) => p.id === c.sidepotOf)?.name ?? "a class"}` : ""}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
                <FieldErrors id="classId-error" errors={errors("classId")} />
              </fieldset>
              {page.horses.length ? (
                <div>
                  <label htmlFor="horseId" className="label">
                    Horse
                  </label>
                  <select id="horseId" name="horseId" className="input" defaultValue={sent.horseId ?? (sent.horseName ? "" : page.horses[0]!.id)}>
                    {page.horses.map((h) => (
                      <option key={h.id} value={h.id}>
                        {h.name}
                      </option>
                    ))}
                    <option value="">A new horse (type its name below)</option>
                  </select>
                  <FieldErrors id="horseId-error" errors={errors("horseId")} />
                </div>
              ) : null}
              <div>
                <label htmlFor="horseName" className="label">
                  {page.horses.length ? "New horse's name" : "Horse's name"}
                </label>
                <input id="horseName" name="horseName" className="input" autoComplete="off" maxLength={RACE_LIMITS.horseName} defaultValue={sent.horseName} aria-describedby="horseName-hint" />
                <p id="horseName-hint" className="mt-1 text-sm text-gray-600">
                  {page.horses.length ? "Only when you choose a new horse above: it is added to your horses." : "It is added to your horses."}
                </p>
                <FieldErrors id="horseName-error" errors={errors("horseName")} />
              </div>
              {page.riders.length ? (
                <div>
                  <label htmlFor="riderId" className="label">
                    Rider
                  </label>
                  <select id="riderId" name="riderId" className="input" defaultValue={sent.riderId ?? "none"}>
                    <option value="none">Me</option>
                    {page.riders.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                  </select>
                  <FieldErrors id="riderId-error" errors={errors("riderId")} />
                </div>
              ) : null}
              {ageClasses.length || errors("birthDate") ? (
                <div>
                  <label htmlFor="birthDate" className="label">
                    Rider's birth date (age classes)
                  </label>
                  <input id="birthDate" name="birthDate" type="date" className="input" defaultValue={sent.birthDate} aria-describedby="birthDate-hint" />
                  <p id="birthDate-hint" className="mt-1 text-sm text-gray-600">
                    Only for a class with an age ({ageClasses.map((c) => c.name).join(", ")}); kept for your next entry.
                  </p>
                  <FieldErrors id="birthDate-error" errors={errors("birthDate")} />
                </div>
              ) : null}
              {page.classes.filter((c) => !c.sidepotOf).length > 1 ? (
                <fieldset>
                  <legend className="label">Also counts in (each class's fee due)</legend>
                  {page.classes
                    .filter((c) => !c.sidepotOf && !(hydrated && c.id === entering))
                    .map((c) => (
                      <label key={c.id} className="flex min-h-[44px] items-center gap-2 text-gray-900">
                        <input type="checkbox" name="carryTo" value={c.id} className="h-5 w-5" />
                        {c.name}
                      </label>
                    ))}
                  <FieldErrors id="carryTo-error" errors={errors("carryTo")} />
                </fieldset>
              ) : null}
              <button type="submit" name="intent" value="enter" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
                Enter
              </button>
            </Form>
          </section>
        )}
        {page.manager ? (
          <a data-discover href={`/events/${page.event.id}/race-day`} className="btn-secondary w-full">
            Race Day (producer)
          </a>
        ) : null}
      </main>
    </>
  );
}
