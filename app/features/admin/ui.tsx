import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDayIn, formatDayTimeIn } from "~/lib/dates";
import { useViewerZone } from "~/lib/useShellUser";

/** Pieces the admin tabs share: a table that scrolls on a phone, cells that wrap long text, status pills. */

/** A cell naming a day (with its time of day: `withTime`) in the admin's own zone, as every screen names times (app/lib/dates.ts). */
export function DateCell({ value, withTime = false }: { value: string | Date | null | undefined; withTime?: boolean }) {
  const zone = useViewerZone();
  return <Cell nowrap>{value ? (withTime ? formatDayTimeIn : formatDayIn)(value, zone) : "—"}</Cell>;
}

export const person = (p: { firstName: string | null; lastName: string | null } | null) =>
  p ? `${p.firstName ?? ""} ${p.lastName ?? ""}`.trim() : "—";

/**
 * An email address that, where it must wrap, wraps before its "@" and
 * nowhere else: each part is unbreakable, so a table column is at least as
 * wide as the longer part (a cell that may wrap anywhere would otherwise be
 * squeezed until the name breaks at whatever letter reaches its edge).
 */
export function EmailText({ email, className = "" }: { email: string | null | undefined; className?: string }) {
  if (!email) return null;
  const at = email.lastIndexOf("@");
  return (
    <span className={className}>
      {at > 0 ? (
        <>
          <span className="whitespace-nowrap">{email.slice(0, at)}</span>
          <wbr />
          <span className="whitespace-nowrap">{email.slice(at)}</span>
        </>
      ) : (
        <span className="[overflow-wrap:anywhere]">{email}</span>
      )}
    </span>
  );
}

/** A cell naming a rider, with their email below. */
export const PersonCell = ({ who }: { who: { firstName: string | null; lastName: string | null; email: string } | null }) => (
  <Cell>
    {person(who)}
    <br />
    <EmailText email={who?.email} className="text-gray-600" />
  </Cell>
);

/** The query string with some parameters changed (null removes one), keeping the tab and search. */
export function hrefWith(search: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  return `?${next}`;
}

export function Table({ head, children, empty, label }: { head: string[]; children: ReactNode[]; empty: string; label?: string }) {
  if (children.length === 0) return <p className="card text-gray-700">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-black/5" role="region" aria-label={label} tabIndex={label ? 0 : undefined}>
      <table className="w-full min-w-[56rem] text-left text-sm">
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 align-middle">{children}</tbody>
      </table>
    </div>
  );
}

/** A tab's search box: a GET form (it works without JavaScript) that starts again from the first page. */
export function TabSearch({ tab, q, label, placeholder }: { tab: string; q: string; label: string; placeholder: string }) {
  const id = `admin-${tab}-q`;
  return (
    <Form method="get" className="flex gap-2" role="search">
      <input type="hidden" name="tab" value={tab} />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} name="q" type="search" defaultValue={q} placeholder={placeholder} className="input max-w-md" />
      <button type="submit" className="btn-primary">
        Search
      </button>
    </Form>
  );
}

/** Previous and Next for a paged tab, as links that keep the tab's other parameters. */
export function Pager({ page, hasMore, search }: { page: number; hasMore: boolean; search: URLSearchParams }) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2">
      {page > 1 ? (
        <a data-discover className="btn-secondary" href={hrefWith(search, { page: String(page - 1) })}>
          Previous
        </a>
      ) : (
        <span />
      )}
      <span className="text-sm text-gray-700">Page {page}</span>
      {hasMore ? (
        <a data-discover className="btn-secondary" href={hrefWith(search, { page: String(page + 1) })}>
          Next
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * A cell whose text wraps anywhere if it must, so one unbroken word cannot push the table wider
 * than its column; or, `nowrap`, a short value that reads as one piece (a date, a time).
 */
export const Cell = ({ children, wide = false, nowrap = false }: { children: ReactNode; wide?: boolean; nowrap?: boolean }) => (
  <td className={`px-3 py-2 ${nowrap ? "whitespace-nowrap" : `[overflow-wrap:anywhere] ${wide ? "min-w-[12rem] max-w-sm" : "max-w-[16rem]"}`}`}>{children}</td>
);

export const Status = ({ ok, yes, no }: { ok: boolean; yes: string; no: string }) => (
  <span className={`whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-semibold ${ok ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}>
    {ok ? yes : no}
  </span>
);

/** A one-step, undoable action (approve, dismiss, unban): a button in a small form carrying its intent. */
export function ActionButton({ label, hidden, tone = "neutral", name }: { label: string; hidden: Record<string, string>; tone?: "neutral" | "good"; name?: string }) {
  const cls = tone === "good" ? "btn bg-green-700 px-3 py-1 text-sm text-white hover:bg-green-800" : "btn-secondary px-3 py-1 text-sm";
  return (
    <Form method="post" preventScrollReset>
      {Object.entries(hidden).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <button type="submit" className={cls} aria-label={name}>
        {label}
      </button>
    </Form>
  );
}
