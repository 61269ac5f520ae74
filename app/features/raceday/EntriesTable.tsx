import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/useHydrated";
import { ConfirmAction } from "~/components/ConfirmAction";
import { ENTRY_SHOW_LABELS, ENTRY_SHOWS, ENTRY_SORT_LABELS, ENTRY_SORTS, entryTableSearch, PAID_METHOD_LABELS, PAID_METHODS, PAID_REFERENCE_MAX, ENTRY_SEARCH_MAX, type EntrySort, type EntryTableQuery } from "~/schemas/hubTable";
import { RACE_LIMITS } from "~/schemas/raceday";
import type { EntryTableRow } from "./entriesTable.server";
import { EntryMoney, type EntryMoneyFigures } from "./EntryMoney";
import { formatCents } from "./time";
import { formatDate } from "~/lib/dates";

const RIDER_NAME_MAX = RACE_LIMITS.riderName;
const HORSE_NAME_MAX = RACE_LIMITS.horseName;

/*
 * The office's entries table on the race-day hub. At 1024 px and wider a
 * table, one row an entry; narrower, each row is a card. One entry's actions
 * open in a row of their own under it ("Change", a link), so nothing floats
 * over another row, and on a phone the office works one entry at a time.
 * Filters are a GET form, sorting and paging are links, marking several
 * entries paid is one POST form whose checkboxes sit in the rows (the
 * `form` attribute): all of it works without JavaScript, by keyboard alone.
 */

type ClassOption = { id: string; name: string; drawPublishedAt: unknown };
/** A refused form of the hub (hub.server.ts, HubRefusal): shown at the entry it is about. */
type Refusal = { intent: string; entryId: string; message: string; errors: Record<string, string[]>; values: Record<string, string> };
type Table = { rows: EntryTableRow[]; total: number; page: number; pages: number; pageSize: number };

const COLUMNS: { sort?: EntrySort; label: string }[] = [
  { label: "" },
  { sort: "order", label: "Order" },
  { sort: "back", label: "Back #" },
  { sort: "rider", label: "Rider" },
  { sort: "horse", label: "Horse" },
  { sort: "class", label: "Class" },
  { sort: "paid", label: "Paid" },
  { label: "Status" },
  { label: "" },
];

export function paidText(row: Pick<EntryTableRow, "paid" | "paidMethod" | "paidReference">) {
  if (!row.paid) return "Unpaid";
  const method = row.paidMethod ? PAID_METHOD_LABELS[row.paidMethod] : null;
  return ["Paid", method, row.paidReference ? `#${row.paidReference}` : null].filter(Boolean).join(" · ");
}

function statusTags(row: EntryTableRow) {
  return [row.scratched ? "Scratched" : null, row.late ? "Late" : null, row.walkUp ? "Walk-up" : null, row.turnOutsOwed.length ? "Owes a turn-out" : null].filter(Boolean) as string[];
}

/** What the rider still owes for turn-outs at other races (books/ledger.server.ts turnOutsOwed): the office decides. */
function TurnOutsOwed({ owed }: { owed: EntryTableRow["turnOutsOwed"] }) {
  if (!owed.length) return null;
  return (
    <div role="note" className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:col-span-2 xl:col-span-4" data-testid="turn-outs-owed">
      <p className="font-semibold">Owes for a turn-out at another race</p>
      <ul className="list-disc pl-5">
        {owed.map((t) => (
          <li key={`${t.eventId}-${t.horseName}`}>
            {`${formatCents(t.owedCents)} at ${t.eventName} (${formatDate(t.date)}) on ${t.horseName}`}
            {t.entryId ? (
              <>
                {": "}
                <a className="link" href={`/events/${t.eventId}/race-day?entry=${encodeURIComponent(t.entryId)}#entry-${t.entryId}`}>
                  open that entry
                </a>
              </>
            ) : (
              " (that race's producer collects it)"
            )}
          </li>
        ))}
      </ul>
      <p>It is collected at that race (Mark Paid on its entry), or let go: the office decides.</p>
    </div>
  );
}

const who = (row: Pick<EntryTableRow, "riderName" | "horseName">) => `${row.riderName} on ${row.horseName}`;

function Hidden({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

/**
 * How an entry was paid and its reference. The reference's label follows the
 * method: a check's number for Check (required), else an optional reference;
 * without JavaScript it names both.
 */
function PaidFields({ id, methodClass, refClass, label: methodLabel = "Paid by", comp = true }: { id: string; methodClass: string; refClass: string; label?: string; comp?: boolean }) {
  const [method, setMethod] = useState<string>("CASH");
  const hydrated = useHydrated();
  const label = !hydrated ? "Check # or reference" : method === "CHECK" ? "Check #" : "Reference (optional)";
  return (
    <>
      <div className={methodClass}>
        <label htmlFor={`${id}-method`} className="label">
          {methodLabel}
        </label>
        <select id={`${id}-method`} name="paidMethod" className="input" defaultValue="CASH" onChange={(e) => setMethod(e.target.value)}>
          {PAID_METHODS.filter((m) => comp || m !== "COMP").map((m) => (
            <option key={m} value={m}>
              {PAID_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </div>
      <div className={refClass}>
        <label htmlFor={`${id}-ref`} className="label">
          {label}
        </label>
        <input id={`${id}-ref`} name="paidReference" className="input" autoComplete="off" maxLength={PAID_REFERENCE_MAX} />
      </div>
    </>
  );
}

/** Everything the office can do to one entry: paid and how, back number, move, scratch or put back. */
function EntryActions({ row, classes, view, sidepots, money, refused }: { row: EntryTableRow; classes: ClassOption[]; view: string; sidepots: string[]; money: EntryMoneyFigures | null; refused: Refusal | null }) {
  const base = { entryId: row.id, classId: row.classId, view };
  const others = classes.filter((c) => c.id !== row.classId);
  const movePublished = row.drawPublished || others.some((c) => c.drawPublishedAt);
  const p = `entry-${row.id}`;
  // What a move or a scratch does to the entry's sidepot entries (entries.server.ts, changeEntry).
  const pots = sidepots.join(", ");
  const moveSidepots = pots ? ` Its ${pots} sidepot ${sidepots.length === 1 ? "entry moves" : "entries move"} along to the new class's sidepot of the same name, or ${sidepots.length === 1 ? "is" : "are"} scratched where it has none.` : "";
  return (
    <div className="name-wrap grid min-w-0 gap-4 rounded-lg border border-brand-200 bg-brand-50 p-3 text-left sm:grid-cols-2 xl:grid-cols-4" data-testid="entry-actions" aria-label={`Change ${who(row)}`} role="group">
      <TurnOutsOwed owed={row.turnOutsOwed} />
      <div className="space-y-2">
        <h4 className="font-bold text-gray-900">Paid</h4>
        {row.paid ? (
          <Form method="post" preventScrollReset className="space-y-2">
            <Hidden fields={base} />
            <p className="text-sm text-gray-800">{paidText(row)}</p>
            <button type="submit" name="intent" value="entry-unpaid" className="btn-secondary">
              Mark Not Paid
            </button>
          </Form>
        ) : (
          <Form method="post" preventScrollReset className="space-y-2">
            <Hidden fields={base} />
            <div className="flex gap-2">
              <PaidFields id={p} methodClass="flex-1" refClass="flex-1" />
            </div>
            <button type="submit" name="intent" value="entry-paid" className="btn-primary">
              Mark Paid
            </button>
          </Form>
        )}
      </div>
      {money ? (
        <EntryMoney
          money={money}
          paid={row.paid}
          hidden={<Hidden fields={base} />}
          methods={(id, label) => (
            <div className="flex gap-2">
              <PaidFields id={`${p}-${id}`} methodClass="flex-1" refClass="flex-1" label={label} comp={id !== "refund"} />
            </div>
          )}
          refused={refused}
        />
      ) : null}
      {refused ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-2 text-sm font-medium text-red-800 sm:col-span-2 xl:col-span-4" data-testid="entry-refused">
          {refused.message}
        </p>
      ) : null}
      <Form key={refused?.intent === "entry-back" ? "refused" : "back"} method="post" preventScrollReset className="space-y-2">
        <Hidden fields={base} />
        <label htmlFor={`${p}-back`} className="label font-bold">
          Back number
        </label>
        <input
          id={`${p}-back`}
          name="backNumber"
          inputMode="numeric"
          className="input"
          defaultValue={refused?.intent === "entry-back" ? refused.values.backNumber : (row.backNumber ?? "")}
          aria-invalid={refused?.intent === "entry-back" ? true : undefined}
          aria-describedby={`${p}-back-hint`}
        />
        <p id={`${p}-back-hint`} className="text-xs text-gray-700">
          Worn by this rider and horse in every class.
        </p>
        <button type="submit" name="intent" value="entry-back" className="btn-secondary">
          Save Back Number
        </button>
      </Form>
      {row.walkUp ? (
        <Form key={refused?.intent === "entry-rename" ? "refused" : `names-${row.riderName}-${row.horseName}`} method="post" preventScrollReset className="space-y-2">
          <Hidden fields={base} />
          <h4 className="font-bold text-gray-900">Names</h4>
          <label htmlFor={`${p}-rider`} className="label">
            Rider&apos;s name
          </label>
          <input id={`${p}-rider`} name="riderName" className="input" autoComplete="off" maxLength={RIDER_NAME_MAX} defaultValue={refused?.intent === "entry-rename" ? refused.values.riderName : row.riderName} />
          <label htmlFor={`${p}-horse`} className="label">
            Horse&apos;s name
          </label>
          <input id={`${p}-horse`} name="horseName" className="input" autoComplete="off" maxLength={HORSE_NAME_MAX} defaultValue={refused?.intent === "entry-rename" ? refused.values.horseName : row.horseName} />
          <button type="submit" name="intent" value="entry-rename" className="btn-secondary">
            Correct Names
          </button>
        </Form>
      ) : null}
      {others.length ? (
        <div className="space-y-2">
          <h4 className="font-bold text-gray-900">Move</h4>
          {movePublished ? (
            <ConfirmAction
              label="Move…"
              name={`Move ${who(row)}`}
              confirmLabel="Yes, move"
              tone="danger"
              question={`Move ${who(row)} out of ${row.className}? A published draw changes: the entry runs at the end of the new class, and the move goes in the history, where it can be undone.${moveSidepots}`}
              hidden={{ ...base, intent: "entry-move" }}
            >
              <label htmlFor={`${p}-move`} className="label">
                Move to
              </label>
              <select id={`${p}-move`} name="toClassId" className="input">
                {others.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </ConfirmAction>
          ) : (
            <Form method="post" preventScrollReset className="space-y-2">
              <Hidden fields={base} />
              <label htmlFor={`${p}-move`} className="label">
                Move to
              </label>
              <select id={`${p}-move`} name="toClassId" className="input">
                {others.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              {moveSidepots ? <p className="text-sm text-gray-800">{moveSidepots.trim()}</p> : null}
              <button type="submit" name="intent" value="entry-move" className="btn-secondary">
                Move
              </button>
            </Form>
          )}
        </div>
      ) : null}
      <div className="space-y-2">
        <h4 className="font-bold text-gray-900">{row.scratched ? "Scratched" : "Scratch"}</h4>
        {row.scratched ? (
          <Form method="post" preventScrollReset>
            <Hidden fields={base} />
            <button type="submit" name="intent" value="entry-reinstate" className="btn-secondary">
              Put Back In
            </button>
          </Form>
        ) : (
          <ConfirmAction
            label="Scratch"
            name={`Scratch ${who(row)}`}
            confirmLabel="Yes, scratch"
            question={`Scratch ${who(row)} from ${row.className}? The entry stops running${row.drawPublished ? " and keeps its place in the draw as scratched" : ""}; Put Back In, here, puts it back.${pots ? ` Its ${pots} sidepot ${sidepots.length === 1 ? "entry is" : "entries are"} scratched too.` : ""}`}
            hidden={{ ...base, intent: "entry-scratch" }}
          />
        )}
      </div>
    </div>
  );
}

export function EntriesTable({ table, query, classes, opened, refused = null }: { table: Table; query: EntryTableQuery; classes: ClassOption[]; opened: (EntryTableRow & { sidepots: string[]; money: EntryMoneyFigures | null }) | null; refused?: Refusal | null }) {
  const view = entryTableSearch(query);
  const [selected, setSelected] = useState<number | null>(null);
  const hydrated = useHydrated();
  const tableRef = useRef<HTMLTableElement>(null);
  const boxes = () => [...(tableRef.current?.querySelectorAll<HTMLInputElement>('tbody input[name="entryId"]') ?? [])];
  // The rows as stored: once some are marked paid (or the page changes), the boxes start empty again.
  const rowsKey = table.rows.map((r) => `${r.id}:${r.paid ? 1 : 0}:${r.scratched ? 1 : 0}`).join(",");
  useEffect(() => setSelected(null), [rowsKey]);
  // With JavaScript, one box in the header ticks (or clears) the whole page.
  const tickAll = (on: boolean) => {
    for (const box of boxes()) box.checked = on;
    setSelected(on ? boxes().length : 0);
  };
  const openedHere = opened ? table.rows.some((r) => r.id === opened.id) : false;
  const first = (table.page - 1) * table.pageSize + 1;
  const last = first + table.rows.length - 1;
  const link = (change: Partial<EntryTableQuery>) => entryTableSearch({ ...query, page: 1, entry: "", ...change });
  return (
    <section id="entries" className="name-wrap card min-w-0 space-y-3" aria-labelledby="entries-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="entries-title" className="text-lg font-bold text-gray-900">
          Entries
        </h2>
        <p className="text-sm text-gray-700" data-testid="entries-count" aria-live="polite">
          {table.total === 0 ? "No entries match" : `${first}–${last} of ${table.total}`}
        </p>
      </div>

      <Form method="get" role="search" aria-label="Find entries" preventScrollReset className="grid grid-cols-2 items-end gap-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]">
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor="entries-q" className="label">
            Rider, horse or back #
          </label>
          <input id="entries-q" type="search" name="q" className="input" defaultValue={query.q} maxLength={ENTRY_SEARCH_MAX} autoComplete="off" />
        </div>
        <div>
          <label htmlFor="entries-class" className="label">
            Class
          </label>
          <select id="entries-class" name="class" className="input" defaultValue={query.class}>
            <option value="">All classes</option>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="entries-show" className="label">
            Show
          </label>
          <select id="entries-show" name="show" className="input" defaultValue={query.show}>
            {ENTRY_SHOWS.map((s) => (
              <option key={s} value={s}>
                {ENTRY_SHOW_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="entries-sort" className="label">
            Sort by
          </label>
          <select id="entries-sort" name="sort" className="input" defaultValue={query.sort}>
            {ENTRY_SORTS.map((s) => (
              <option key={s} value={s}>
                {ENTRY_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </Form>

      <Form key={`bulk-${rowsKey}`} id="hub-bulk" method="post" preventScrollReset className="flex flex-wrap items-end gap-2 rounded-lg border border-gray-200 bg-gray-50 p-2" aria-label="Mark the ticked entries paid">
        <input type="hidden" name="view" value={view} />
        <PaidFields id="bulk" methodClass="" refClass="w-40" />
        <button type="submit" name="intent" value="entries-paid" className="btn-primary">
          Mark Ticked Paid
        </button>
        <p className="min-h-[1.25rem] self-center text-sm text-gray-700" aria-live="polite" data-testid="ticked-count">
          {selected === null ? "Tick entries below, then mark them paid." : `${selected} ticked`}
        </p>
      </Form>

      {opened && !openedHere ? <EntryActions row={opened} classes={classes} view={view} sidepots={opened.sidepots} money={opened.money} refused={refused?.entryId === opened.id ? refused : null} /> : null}

      <table
        ref={tableRef}
        className="w-full border-collapse text-left text-sm max-lg:block"
        aria-label="Entries"
        onChange={(e) => {
          const target = e.target as HTMLInputElement;
          if (target.name !== "entryId") return;
          setSelected(e.currentTarget.querySelectorAll('tbody input[name="entryId"]:checked').length);
        }}
      >
        <thead className="max-lg:sr-only">
          <tr className="border-b border-gray-300 text-xs uppercase tracking-wide text-gray-700">
            {COLUMNS.map((c, i) => (
              <th key={i} scope="col" className="px-2 py-2 font-semibold" aria-sort={c.sort && c.sort === query.sort ? "ascending" : undefined}>
                {c.sort ? (
                  <Link to={link({ sort: c.sort })} preventScrollReset className={c.sort === query.sort ? "text-brand-900 underline" : "hover:underline"}>
                    {c.label}
                  </Link>
                ) : i === 0 ? (
                  hydrated && table.rows.length ? (
                    <label className="flex min-h-[44px] min-w-[44px] cursor-pointer items-center justify-center">
                      <input type="checkbox" className="h-5 w-5" aria-label="Tick every entry on this page" checked={selected !== null && selected === table.rows.length} onChange={(e) => tickAll(e.currentTarget.checked)} />
                    </label>
                  ) : (
                    <span className="sr-only">Tick</span>
                  )
                ) : i === COLUMNS.length - 1 ? (
                  <span className="sr-only">Actions</span>
                ) : (
                  c.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody key={rowsKey} className="max-lg:block max-lg:space-y-2">
          {table.rows.map((row) => {
            const isOpen = opened?.id === row.id;
            const tags = statusTags(row);
            return [
              <tr
                key={row.id}
                id={`entry-${row.id}`}
                data-testid="entry-row"
                className={`scroll-mt-28 border-b border-gray-200 max-lg:flex max-lg:flex-wrap max-lg:items-center max-lg:gap-x-3 max-lg:rounded-lg max-lg:border max-lg:p-2 ${row.scratched ? "text-gray-500" : "text-gray-900"} ${isOpen ? "bg-brand-50" : ""}`}
              >
                <td className="px-2 py-1">
                  <label className="flex min-h-[44px] min-w-[44px] cursor-pointer items-center justify-center">
                    <input type="checkbox" form="hub-bulk" name="entryId" value={row.id} className="h-5 w-5" aria-label={`Tick ${who(row)}`} />
                  </label>
                </td>
                <td className="px-2 tabular-nums max-lg:order-first max-lg:w-8 max-lg:font-bold">{row.drawPosition ?? "–"}</td>
                <td className="px-2 tabular-nums">{row.backNumber ? <><span className="lg:hidden">Back </span>#{row.backNumber}</> : <span className="max-lg:hidden">–</span>}</td>
                <td className={`name-wrap px-2 font-semibold max-lg:basis-full lg:max-w-[14rem] ${row.scratched ? "line-through" : ""}`}>{row.riderName}</td>
                <td className={`name-wrap px-2 max-lg:basis-full lg:max-w-[12rem] ${row.scratched ? "line-through" : ""}`}>{row.horseName}</td>
                <td className="name-wrap px-2 lg:max-w-[10rem]">{row.className}</td>
                <td className={`px-2 ${row.paid ? "text-gray-900" : "font-semibold text-amber-900"}`}>{paidText(row)}</td>
                <td className="px-2">{tags.join(" · ")}</td>
                <td className="px-2 py-1 text-right max-lg:ml-auto">
                  <Link
                    to={`${entryTableSearch({ ...query, entry: isOpen ? "" : row.id })}#entry-${row.id}`}
                    preventScrollReset
                    className="btn-secondary min-h-[44px] px-3 py-1"
                    aria-label={`${isOpen ? "Close" : "Change"} ${who(row)}`}
                    aria-expanded={isOpen}
                  >
                    {isOpen ? "Close" : "Change"}
                  </Link>
                </td>
              </tr>,
              isOpen ? (
                <tr key={`${row.id}-actions`} className="max-lg:block">
                  <td colSpan={COLUMNS.length} className="px-2 pb-3 max-lg:block">
                    <EntryActions row={row} classes={classes} view={view} sidepots={opened?.sidepots ?? []} money={opened?.id === row.id ? opened.money : null} refused={refused?.entryId === row.id ? refused : null} />
                  </td>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
      </table>

      {table.pages > 1 ? (
        <nav aria-label="Entries pages" className="flex flex-wrap items-center justify-between gap-2">
          {table.page > 1 ? (
            <Link to={link({ page: table.page - 1 })} preventScrollReset className="btn-secondary" rel="prev">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-gray-700">
            Page {table.page} of {table.pages}
          </span>
          {table.page < table.pages ? (
            <Link to={link({ page: table.page + 1 })} preventScrollReset className="btn-secondary" rel="next">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
