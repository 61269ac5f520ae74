import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FieldErrors } from "~/components/Field";
import { FormError } from "~/components/FormError";
import { PageHeader } from "~/components/PageHeader";
import type { FormResult } from "~/features/auth/useFormChecks";
import { formatDateRange } from "~/features/events/format";
import { EntriesTable } from "~/features/raceday/EntriesTable";
import { hubAction, hubScreen, type HubRefusal } from "~/features/raceday/hub.server";
import { centsToDollarsText, formatCents } from "~/features/raceday/time";
import { purseSplitOf, splitPurse } from "~/features/raceday/gos";
import { potCents } from "~/features/raceday/results";
import { closingSentence, formatEventTime } from "~/features/raceday/when";
import { APP_NAME } from "~/schemas/constants";
import { entryTableSearch } from "~/schemas/hubTable";
import { msToSecondsText, payoutToText, RACE_LIMITS } from "~/schemas/raceday";
import { ExhibitionForm } from "~/features/raceday/ExhibitionForm";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Race Day: ${data?.event.name ?? "Event"} | ${APP_NAME}` }];
export const loader = ({ request, params }: LoaderFunctionArgs) => hubScreen(request, params.id ?? "");
export const action = ({ request, params }: ActionFunctionArgs) => hubAction(request, params.id ?? "");

type Hub = ReturnType<typeof useLoaderData<typeof loader>>;
type HubClass = Hub["classes"][number];

/** The hub's forms that belong to one class: their refusals answer at that class's panel. */
const PER_CLASS = new Set(["walk-up", "draw", "draw-publish", "class-delete"]);

const HISTORY_LABELS: Record<string, string> = {
  rename: "Names corrected",
  "draw-published": "Draw published",
  scratch: "Scratched",
  reinstate: "Back in",
  move: "Moved",
  "late-entry": "Late entry",
  exhibition: "Exhibition run",
  "device-time-not-used": "Booth clock not used",
};

/** A history action as the office reads it: "results-published" is "Results published". */
const historyLabel = (action: string) => HISTORY_LABELS[action] ?? `${action.charAt(0).toUpperCase()}${action.slice(1).replace(/-/g, " ")}`;

function Input({ id, label, name, defaultValue, errors, hint, ...rest }: { id: string; label: string; name: string; defaultValue?: string; errors?: string[] | null; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input id={id} name={name} className="input" defaultValue={defaultValue} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${id}-error` : hint ? `${id}-hint` : undefined} {...rest} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** Go-rounds, the average, the purse split, the short go and the ages a class takes; a worked example of the purse in dollars. */
function GoRoundsFields({ p, cls, v, errors }: { p: string; cls?: HubClass; v: (name: string, stored: string | undefined) => string | undefined; errors: (name: string) => string[] | undefined }) {
  const names = ["goRounds", "averageMode", "bestN", "goPercents", "averagePercent", "shortGoTop", "minAge", "maxAge", "purseSplit", "average", "shortGo"];
  const open = Boolean(cls && (cls.goRounds > 1 || cls.minAge !== null || cls.maxAge !== null || cls.shortGo)) || names.some((n) => errors(n));
  const select = (id: string, label: string, name: string, value: string, options: [string, string][]) => (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} className="input" defaultValue={value}>
        {options.map(([o, text]) => (
          <option key={o} value={o}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <details className="rounded-lg border border-gray-200 p-3" open={open}>
      <summary className="min-h-[44px] cursor-pointer font-semibold text-gray-900">Go-rounds, average and ages (blank: one go, any age)</summary>
      <div className="mt-2 space-y-3">
        <div className="grid grid-cols-2 gap-3">
          <Input id={`${p}-gos`} label="Go-rounds (1-5)" name="goRounds" inputMode="numeric" placeholder="1" defaultValue={v("goRounds", cls ? String(cls.goRounds) : undefined)} errors={errors("goRounds")} />
          {select(`${p}-average`, "Average", "averageMode", v("averageMode", cls?.average?.mode ?? "NONE") ?? "NONE", [
            ["NONE", "No average"],
            ["SUM", "Every go added"],
            ["BEST_N", "Best N gos"],
            ["DROP_SLOWEST", "Drop the slowest go"],
          ])}
          <Input id={`${p}-bestn`} label="Best N" name="bestN" inputMode="numeric" placeholder="2" defaultValue={v("bestN", cls?.average?.bestN ? String(cls.average.bestN) : undefined)} errors={errors("bestN") ?? errors("average")} />
          <label className="flex min-h-[44px] items-center gap-2 self-end text-sm text-gray-900">
            <input type="checkbox" name="requireEveryGo" defaultChecked={sentChecked(v("requireEveryGo", cls?.average?.requireEveryGo ? "on" : undefined))} className="h-5 w-5" />
            Average needs a time in every go
          </label>
          <Input id={`${p}-gopct`} label="Each go's share (%)" name="goPercents" placeholder="10, 10" hint="One whole percent per go" defaultValue={v("goPercents", cls?.purseSplit ? cls.purseSplit.goPercents.join(", ") : undefined)} errors={errors("goPercents") ?? errors("purseSplit")} />
          <Input id={`${p}-avgpct`} label="Average's share (%)" name="averagePercent" inputMode="numeric" placeholder="80" defaultValue={v("averagePercent", cls?.purseSplit ? String(cls.purseSplit.averagePercent) : undefined)} errors={errors("averagePercent")} />
          <Input id={`${p}-short`} label="Short go: top N back" name="shortGoTop" inputMode="numeric" placeholder="none" defaultValue={v("shortGoTop", cls?.shortGo ? String(cls.shortGo.top) : undefined)} errors={errors("shortGoTop") ?? errors("shortGo")} />
          {select(`${p}-shortby`, "Short go takes the top", "shortGoBy", v("shortGoBy", cls?.shortGo?.by ?? "AVERAGE") ?? "AVERAGE", [
            ["AVERAGE", "of the average"],
            ["DIVISION", "of each division"],
          ])}
          {select(`${p}-shortorder`, "Short go runs", "shortGoOrder", v("shortGoOrder", cls?.shortGo?.order ?? "REVERSE") ?? "REVERSE", [
            ["REVERSE", "in reverse order of standing"],
            ["DRAW", "in a fresh draw"],
          ])}
          <div />
          <Input id={`${p}-minage`} label="Youngest age" name="minAge" inputMode="numeric" placeholder="any" defaultValue={v("minAge", cls?.minAge != null ? String(cls.minAge) : undefined)} errors={errors("minAge")} />
          <Input id={`${p}-maxage`} label="Oldest age" name="maxAge" inputMode="numeric" placeholder="any" defaultValue={v("maxAge", cls?.maxAge != null ? String(cls.maxAge) : undefined)} errors={errors("maxAge")} />
          {select(`${p}-ageon`, "Age taken on", "ageOn", v("ageOn", cls?.ageOn ?? "YEAR_START") ?? "YEAR_START", [
            ["YEAR_START", "January 1"],
            ["RACE_DAY", "the race day"],
          ])}
        </div>
        {cls && isMultiGoClass(cls) ? <PurseExample cls={cls} /> : <p className="text-xs text-gray-600">Two gos with an average, 10% a go and 80% to the average: with 40 entries at $100 and nothing kept, the $4,000 purse pays $400 in each go and $3,200 in the average.</p>}
      </div>
    </details>
  );
}

const sentChecked = (value: string | undefined) => value === "on" || value === "true";
const isMultiGoClass = (cls: HubClass) => cls.goRounds > 1 || Boolean(cls.average) || Boolean(cls.shortGo);

/** The class's purse split worked in dollars for its entries so far (or 40 when it has none yet). */
function PurseExample({ cls }: { cls: HubClass }) {
  const entries = cls.entryCount && cls.entryCount > 0 ? cls.entryCount : 40;
  const purse = potCents(cls, entries);
  const split = purseSplitOf({ goRounds: cls.goRounds, average: cls.average, purseSplit: cls.purseSplit, shortGo: cls.shortGo });
  const { goCents, averageCents } = splitPurse(purse, split);
  const parts = goCents.map((c, i) => `${formatCents(c)} in go ${i + 1} (${split.goPercents[i]}%)`);
  if (cls.average || cls.shortGo) parts.push(`${formatCents(averageCents)} in ${cls.shortGo ? "the short go's aggregate" : "the average"} (${split.averagePercent}%)`);
  return (
    <p className="rounded bg-amber-50 p-2 text-sm text-gray-900">
      With {entries} entries at {formatCents(cls.entryFeeCents)}, {cls.producerSharePercent}% kept and {formatCents(cls.addedMoneyCents)} added, the {formatCents(purse)} purse pays {parts.join(", ")}.
    </p>
  );
}

/**
 * The class form: add (no class) or edit; amounts in dollars, splits in seconds, the payout as text.
 * `view` is the table's view to come back to once it is saved.
 */
function ClassForm({ cls, classes, result, view }: { cls?: HubClass; classes: HubClass[]; result: FormResult | null; view: string }) {
  const p = cls ? `class-${cls.id}` : "class-new";
  const sent = (result?.initialValue ?? null) as Record<string, string> | null;
  const v = (name: string, stored: string | undefined) => (sent ? sent[name] : stored);
  const errors = (name: string) => result?.error?.[name] ?? undefined;
  const payout = cls ? payoutToText(cls.payout) : { divisionPercents: "", payoutTable: "" };
  const parents = classes.filter((c) => !c.sidepotOf && c.id !== cls?.id);
  return (
    <Form method="post" className="space-y-3" noValidate>
      {cls ? <input type="hidden" name="classId" value={cls.id} /> : null}
      <input type="hidden" name="view" value={view} />
      <FormError message={result?.error?.[""]?.[0]} />
      <Input id={`${p}-name`} label="Class name" name="name" required maxLength={RACE_LIMITS.className} placeholder="Open 4D" defaultValue={v("name", cls?.name)} errors={errors("name")} />
      <div className="grid grid-cols-2 gap-3">
        <Input id={`${p}-fee`} label="Entry fee ($)" name="entryFee" inputMode="decimal" placeholder="50.00" defaultValue={v("entryFee", cls ? centsToDollarsText(cls.entryFeeCents) : undefined)} errors={errors("entryFee")} />
        <Input id={`${p}-added`} label="Added money ($)" name="addedMoney" inputMode="decimal" placeholder="0" defaultValue={v("addedMoney", cls ? centsToDollarsText(cls.addedMoneyCents) : undefined)} errors={errors("addedMoney")} />
        <Input id={`${p}-share`} label="Producer's share (%)" name="producerSharePercent" inputMode="numeric" placeholder="0" defaultValue={v("producerSharePercent", cls ? String(cls.producerSharePercent) : undefined)} errors={errors("producerSharePercent")} />
        <Input id={`${p}-max`} label="Horses per rider" name="maxHorsesPerRider" inputMode="numeric" placeholder="3" defaultValue={v("maxHorsesPerRider", cls ? String(cls.maxHorsesPerRider) : undefined)} errors={errors("maxHorsesPerRider")} />
        <Input id={`${p}-divisions`} label="Divisions (1-6)" name="divisions" inputMode="numeric" placeholder="1" defaultValue={v("divisions", cls ? String(cls.divisions) : undefined)} errors={errors("divisions")} />
        <Input id={`${p}-start`} label="Posted start" name="postedStart" type="time" hint="First day, the event's time" defaultValue={v("postedStart", cls?.postedStart ?? undefined)} errors={errors("postedStart")} />
        <Input id={`${p}-splits`} label="Split (seconds)" name="splitSeconds" inputMode="decimal" placeholder="0.5" hint="0.5 or 1.0, or one per split: 0.5, 1, 1" defaultValue={v("splitSeconds", cls ? cls.splitMs.map(msToSecondsText).join(", ") : undefined)} errors={errors("splitSeconds")} />
      </div>
      <details className="rounded-lg border border-gray-200 p-3" open={Boolean(errors("payoutTable") || errors("payout") || errors("divisionPercents"))}>
        <summary className="min-h-[44px] cursor-pointer font-semibold text-gray-900">Payout {cls ? "" : "(blank: the default for the divisions)"}</summary>
        <div className="mt-2 space-y-3">
          <Input id={`${p}-divpct`} label="Division shares (%)" name="divisionPercents" placeholder="35, 27, 22, 16" defaultValue={v("divisionPercents", payout.divisionPercents)} errors={errors("divisionPercents")} />
          <div>
            <label htmlFor={`${p}-table`} className="label">
              Places paid by entries
            </label>
            <textarea id={`${p}-table`} name="payoutTable" rows={4} className="input font-mono text-sm" placeholder={"25: 60, 40\n50: 40, 30, 20, 10"} defaultValue={v("payoutTable", payout.payoutTable)} aria-describedby={`${p}-table-hint`} />
            <p id={`${p}-table-hint`} className="mt-1 text-xs text-gray-600">
              One row a line: up to how many entries, then the percent each place gets.
            </p>
            <FieldErrors id={`${p}-table-error`} errors={errors("payoutTable") ?? (errors("divisionPercents") ? undefined : errors("payout"))} />
          </div>
        </div>
      </details>
      <GoRoundsFields p={p} cls={cls} v={v} errors={errors} />
      {parents.length ? (
        <div>
          <label htmlFor={`${p}-sidepot`} className="label">
            Sidepot of
          </label>
          <select id={`${p}-sidepot`} name="sidepotOf" className="input" defaultValue={v("sidepotOf", cls?.sidepotOf ?? "") ?? ""}>
            <option value="">Not a sidepot (runs of its own)</option>
            {parents.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldErrors id={`${p}-sidepot-error`} errors={errors("sidepotOf")} />
        </div>
      ) : null}
      <button type="submit" name="intent" value={cls ? "class-update" : "class-create"} className="btn-primary w-full sm:w-auto">
        {cls ? "Save Class" : "Add Class"}
      </button>
    </Form>
  );
}

function ClassPanel({ cls, hub, result, refused }: { cls: HubClass; hub: Hub; result: FormResult | null; refused: HubRefusal | null }) {
  // A refused walk-up or draw answers here, at its form, each field's messages beside it and what was typed kept.
  const walkUp = refused?.intent === "walk-up" ? refused : null;
  const drawn = refused?.intent === "draw" || refused?.intent === "draw-publish" ? refused : null;
  const deleteRefused = refused?.intent === "class-delete" ? refused : null;
  const parent = cls.sidepotOf ? hub.classes.find((c) => c.id === cls.sidepotOf) : null;
  // The edit form is on the page only when asked for (?edit=<class>), or to show a refused save or delete:
  // some 180 elements a class, rarely opened, drawn on every view of the office's busiest page otherwise.
  const editing = hub.query.edit === cls.id || result !== null || deleteRefused !== null;
  const closed = entryTableSearch({ ...hub.query, edit: "" });
  return (
    <section id={`class-${cls.id}`} className="card space-y-4" aria-labelledby={`class-${cls.id}-title`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`class-${cls.id}-title`} className="text-lg font-bold text-gray-900">
          {cls.name}
        </h3>
        <p className="text-sm text-gray-700">
          {formatCents(cls.entryFeeCents)} entry · {formatCents(cls.addedMoneyCents)} added · {cls.producerSharePercent}% to the producer · {cls.divisions}D
          {cls.divisions > 1 ? ` (splits ${cls.splitMs.map((ms) => `${msToSecondsText(ms)} s`).join(", ")})` : ""} · {cls.entryCount ?? 0} entered
        </p>
      </div>
      {parent ? <p className="text-sm text-gray-700">Sidepot of {parent.name}: pays on its runs, no draw of its own.</p> : null}
      <div className="flex flex-wrap gap-2 text-sm">
        <a data-discover href={`/events/${hub.event.id}/results/${cls.id}`} className="btn-secondary">
          Results
        </a>
        {cls.drawPublishedAt ? (
          <a data-discover href={`/events/${hub.event.id}/draw#class-${cls.id}`} className="btn-secondary">
            Public Draw
          </a>
        ) : null}
        {editing ? null : (
          <Link to={`${entryTableSearch({ ...hub.query, edit: cls.id })}#class-${cls.id}`} className="btn-secondary">
            Edit Class
          </Link>
        )}
      </div>

      {editing ? (
        <div className="space-y-3 rounded-lg border border-gray-200 p-3" role="group" aria-labelledby={`class-${cls.id}-edit-title`} data-testid="class-edit">
          <div className="flex items-center justify-between gap-2">
            <h4 id={`class-${cls.id}-edit-title`} className="font-bold text-gray-900">
              Edit class
            </h4>
            <Link to={`${closed}#class-${cls.id}`} className="btn-ghost min-h-[44px]">
              Close
            </Link>
          </div>
          <ClassForm cls={cls} classes={hub.classes} result={result} view={closed} />
          {deleteRefused ? <FormError message={deleteRefused.message} /> : null}
          <Form method="post">
            <input type="hidden" name="classId" value={cls.id} />
            <input type="hidden" name="view" value={closed} />
            <button type="submit" name="intent" value="class-delete" className="btn-ghost text-red-800">
              Delete Class and Its Entries
            </button>
          </Form>
        </div>
      ) : null}

      <p className="text-sm">
        <Link to={`?class=${cls.id}`} preventScrollReset className="link">
          Its entries in the table
        </Link>
      </p>

      <Form key={`walk-${cls.entryCount}-${walkUp ? "refused" : ""}`} method="post" className="space-y-2 rounded-lg border border-gray-200 p-3" aria-label={`Walk-up entry for ${cls.name}`}>
        <h4 className="font-bold text-gray-900">Walk-up</h4>
        <input type="hidden" name="classId" value={cls.id} />
        {walkUp && !walkUp.errors.riderName && !walkUp.errors.horseName ? <FormError message={walkUp.message} /> : null}
        <div className="grid gap-2 sm:grid-cols-2">
          <Input id={`walk-rider-${cls.id}`} label="Rider's name" name="riderName" autoComplete="off" maxLength={RACE_LIMITS.riderName} defaultValue={walkUp?.values.riderName} errors={walkUp?.errors.riderName} />
          <Input id={`walk-horse-${cls.id}`} label="Horse's name" name="horseName" autoComplete="off" maxLength={RACE_LIMITS.horseName} defaultValue={walkUp?.values.horseName} errors={walkUp?.errors.horseName} />
          {cls.minAge !== null || cls.maxAge !== null ? <Input id={`walk-birth-${cls.id}`} label="Rider's birth date" name="birthDate" type="date" defaultValue={walkUp?.values.birthDate} errors={walkUp?.errors.birthDate} /> : null}
        </div>
        <button type="submit" name="intent" value="walk-up" className="btn-secondary w-full sm:w-auto">
          Add Walk-Up
        </button>
      </Form>

      {!cls.sidepotOf ? (
        <div className="space-y-2 rounded-lg border border-gray-200 p-3">
          <h4 className="font-bold text-gray-900">Draw</h4>
          {cls.drawPublishedAt ? (
            <p className="text-sm text-gray-800">
              Published with seed <code className="break-all">{cls.drawSeed}</code>. Scratches, moves and late entries keep it up to date and go into the history.
            </p>
          ) : (
            <>
              {cls.drawn ? (
                <p className="text-sm text-gray-800">
                  Drawn with seed <code className="break-all">{cls.drawSeed}</code>, not published: only you see it. Draw again or publish it.
                </p>
              ) : null}
              {drawn && !Object.keys(drawn.errors).length ? <FormError message={drawn.message} /> : null}
              <Form key={drawn ? "refused" : "draw"} method="post" className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:items-start">
                <input type="hidden" name="classId" value={cls.id} />
                <Input id={`gap-${cls.id}`} label="Runs apart" name="minGap" inputMode="numeric" defaultValue={drawn?.values.minGap ?? String(cls.drawMinGap)} errors={drawn?.errors.minGap} />
                <Input id={`drag-${cls.id}`} label="Drag every" name="dragEvery" inputMode="numeric" defaultValue={drawn?.values.dragEvery ?? String(cls.dragEvery)} errors={drawn?.errors.dragEvery} />
                <div className="col-span-2">
                  <Input id={`seed-${cls.id}`} label="Seed (blank: a new one)" name="seed" autoComplete="off" maxLength={RACE_LIMITS.seed} defaultValue={drawn?.values.seed} errors={drawn?.errors.seed} />
                </div>
                <button type="submit" name="intent" value="draw" className="btn-secondary col-span-2 sm:col-span-2">
                  {cls.drawn ? "Draw Again" : "Draw"}
                </button>
              </Form>
              {cls.drawn ? (
                <Form method="post">
                  <input type="hidden" name="classId" value={cls.id} />
                  <button type="submit" name="intent" value="draw-publish" className="btn-primary w-full sm:w-auto">
                    Publish Draw
                  </button>
                </Form>
              ) : null}
            </>
          )}
          {cls.drawn ? (
            <p className="text-sm">
              <Link to={`?class=${cls.id}&sort=order`} preventScrollReset className="link">
                The order, in the entries table
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

export default function RaceDayHub() {
  const hub = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const view = entryTableSearch(hub.query);
  const resultFor = (which: string) => (actionData && actionData.form === which ? (actionData.result as FormResult) : null);
  const refused = (actionData && "refused" in actionData ? actionData.refused : null) as HubRefusal | null;
  // A refusal is shown at its form when the form is on the page; only the rest at the top.
  const placed = refused && ((PER_CLASS.has(refused.intent) && hub.classes.some((c) => c.id === refused.classId)) || (refused.entryId && hub.opened?.id === refused.entryId) || refused.intent === "entries-paid" || refused.intent === "timer-add");
  return (
    <>
      <PageHeader title="Race Day" back="/events?folder=created" width="split" />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4 pb-24 lg:max-w-6xl">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="text-xl font-bold text-gray-900">{hub.event.name}</h2>
            <p className="text-gray-700">
              {formatDateRange(hub.event.date, hub.event.endDate)} · {hub.event.location} · <time dateTime={hub.closesAt}>{closingSentence(hub.open, hub.closesAt, hub.zone)}</time>
            </p>
          </div>
          <nav aria-label="Race day pages" className="flex flex-wrap gap-2">
            <a data-discover href={`/events/${hub.event.id}/booth`} className="btn-primary">
              Booth
            </a>
            <a data-discover href={`/events/${hub.event.id}/draw`} className="btn-secondary">
              Public Draw
            </a>
            <a data-discover href={`/events/${hub.event.id}/enter`} className="btn-secondary">
              Entry Form
            </a>
            <a data-discover href={`/events/${hub.event.id}/books`} className="btn-secondary">Books</a>
            <a data-discover href={`/events/${hub.event.id}/checks`} className="btn-secondary">Checks</a>
            <a data-discover href={`/events/${hub.event.id}/sheets/announcer`} className="btn-secondary">Announcer Sheet</a>
            <a data-discover href={`/events/${hub.event.id}/sheets/gate`} className="btn-secondary">Gate Sheet</a>
            <a data-discover href={`/events/${hub.event.id}/sheets/numbers`} className="btn-secondary">Back Numbers</a>
          </nav>
        </div>
        {actionData?.message && !placed ? <FormError message={actionData.message} /> : null}
        {!hub.racing ? <p className="card text-gray-800">Race day opens once an admin approves the event.</p> : null}

        <EntriesTable table={hub.table} query={hub.query} classes={hub.classes} opened={hub.opened} refused={placed && refused && !PER_CLASS.has(refused.intent) && refused.intent !== "timer-add" ? refused : null} />

        <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
          <div className="space-y-4">
            <h2 className="text-lg font-bold text-gray-900">Classes</h2>
            {hub.classes.map((c) => (
              <ClassPanel key={c.id} cls={c} hub={hub} result={resultFor(c.id)} refused={refused && refused.classId === c.id && PER_CLASS.has(refused.intent) ? refused : null} />
            ))}
            {hub.racing ? <ExhibitionForm eventId={hub.event.id} classes={hub.classes} back="hub" /> : null}
            {hub.racing ? (
              // Keyed by the class count: a class added closes and empties the form (with JavaScript the page stays mounted).
              <details key={`add-${hub.classes.length}`} id="add-class" className="card" open={hub.classes.length === 0 || resultFor("new") !== null}>
                <summary className="min-h-[44px] cursor-pointer text-lg font-bold text-gray-900">Add a class</summary>
                <div className="mt-3">
                  <ClassForm classes={hub.classes} result={resultFor("new")} view={entryTableSearch({ ...hub.query, edit: "" })} />
                </div>
              </details>
            ) : null}
          </div>
          <aside className="space-y-4">
            <section id="timers" className="card space-y-3" aria-labelledby="timers-title">
              <h2 id="timers-title" className="text-lg font-bold text-gray-900">
                Timers
              </h2>
              <p className="text-sm text-gray-700">They take times at the booth for this event.</p>
              {hub.timers.length ? (
                <ul className="divide-y divide-gray-200">
                  {hub.timers.map((t) => (
                    <li key={t.userId} className="flex items-center gap-2 py-2">
                      <span className="min-w-0 flex-1">
                        <span className="block font-semibold text-gray-900">{t.name}</span>
                        <span className="block truncate text-xs text-gray-700">{t.email}</span>
                      </span>
                      <Form method="post">
                        <input type="hidden" name="userId" value={t.userId} />
                        <button type="submit" name="intent" value="timer-remove" className="btn-ghost text-red-800" aria-label={`Remove ${t.name}`}>
                          Remove
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              ) : null}
              <Form key={`timers-${hub.timers.length}-${refused?.intent === "timer-add" ? "refused" : ""}`} method="post" className="space-y-2">
                <Input id="timer-email" label="Timer's email" name="email" type="email" autoComplete="off" defaultValue={refused?.intent === "timer-add" ? refused.values.email : undefined} errors={refused?.intent === "timer-add" ? (refused.errors.email ?? [refused.message]) : undefined} />
                <button type="submit" name="intent" value="timer-add" className="btn-secondary w-full">
                  Add Timer
                </button>
              </Form>
            </section>
            <section className="card space-y-2" aria-labelledby="history-title">
              <h2 id="history-title" className="text-lg font-bold text-gray-900">
                History
              </h2>
              {hub.history.length ? (
                <ol className="space-y-2 text-sm">
                  {hub.history.map((h) => (
                    <li key={h.id} className="name-wrap" data-testid="history-item">
                      <span className="font-semibold text-gray-900">{historyLabel(h.action)}</span>
                      {h.className ? ` · ${h.className}` : ""}
                      {h.riderName ? ` · ${h.riderName} (${h.horseName})` : ""}
                      {h.detail ? ` · ${h.detail}` : ""}
                      {h.reason ? ` · ${h.reason}` : ""}
                      <span className="block text-xs text-gray-600">
                        {h.actorName ?? "Someone"}, <time dateTime={h.createdAt}>{formatEventTime(h.createdAt, hub.zone)}</time>
                      </span>
                      {h.undoable ? (
                        <Form method="post" preventScrollReset className="mt-1">
                          <input type="hidden" name="historyId" value={h.id} />
                          <input type="hidden" name="view" value={view} />
                          <button type="submit" name="intent" value="history-undo" className="btn-secondary min-h-[44px] px-3 py-1 text-sm" aria-label={`Undo: ${historyLabel(h.action)} ${h.riderName ?? ""} (${h.horseName ?? ""})`}>
                            Undo
                          </button>
                        </Form>
                      ) : null}
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="text-sm text-gray-700">Changes after a draw is published show here, with who made them and when.</p>
              )}
            </section>
          </aside>
        </div>
      </main>
    </>
  );
}
