import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { PageHeader } from "~/components/PageHeader";
import { PrintButton } from "~/features/books/PrintButton";
import { sheetScreen } from "~/features/books/screens.server";
import { SHEET_TITLES, type SheetRun } from "~/features/books/sheets";
import { formatDateRange } from "~/features/events/format";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? SHEET_TITLES[data.sheet] : "Sheet"}: ${data?.event.name ?? "Event"} | ${APP_NAME}` }, { name: "robots", content: "noindex" }];
export const loader = ({ request, params }: LoaderFunctionArgs) => sheetScreen(request, params.id ?? "", params.sheet ?? "");

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function SheetHead({ d, subtitle }: { d: Data; subtitle?: string }) {
  return (
    <header className="mb-2 flex items-baseline justify-between gap-4 border-b-2 border-black pb-1">
      <div>
        <h2 className="text-xl font-bold text-black print:text-[16pt]">
          {subtitle ? `${subtitle} · ` : ""}
          {SHEET_TITLES[d.sheet]}
        </h2>
        <p className="text-sm text-gray-800">
          {d.event.name} · {formatDateRange(d.event.date, d.event.endDate)} · {d.event.arenaName ? `${d.event.arenaName}, ` : ""}
          {d.event.location}
        </p>
      </div>
    </header>
  );
}

/** One row per run, a "Drag" row where the arena is groomed; scratches struck through, late entries said. */
function DrawRows({ runs, gate }: { runs: SheetRun[]; gate: boolean }) {
  const cols = gate ? 5 : 6;
  return (
    <tbody>
      {runs.map((run, i) => {
        const drag = i > 0 && run.dragsBefore > runs[i - 1]!.dragsBefore;
        return (
          <Fragment key={run.entryId}>
            {drag ? (
              <tr className="break-inside-avoid" data-testid="sheet-drag">
                <td colSpan={cols} className="border-y-2 border-black bg-gray-200 py-0.5 text-center text-xs font-bold uppercase tracking-widest print:bg-white">
                  Drag {run.dragsBefore}
                </td>
              </tr>
            ) : null}
            <tr className={`break-inside-avoid border-b border-gray-400 ${run.scratched ? "text-gray-500 line-through" : ""}`} data-testid="sheet-run">
              <td className={`px-1 py-1 text-right font-bold tabular-nums ${gate ? "text-lg" : ""}`}>{run.position}</td>
              <td className={`px-1 py-1 text-right font-bold tabular-nums ${gate ? "text-lg" : ""}`}>{run.backNumber ?? ""}</td>
              <td className={`name-wrap px-1 py-1 font-semibold ${gate ? "text-lg" : ""}`}>{run.riderName}</td>
              <td className={`name-wrap px-1 py-1 ${gate ? "text-lg" : ""}`}>{run.horseName}</td>
              {gate ? null : <td className="px-1 py-1 text-sm">{run.hometown ?? ""}</td>}
              <td className="px-1 py-1 text-sm font-semibold no-underline">
                {run.scratched ? "Scratched" : run.late ? "Late entry" : ""}
                {gate && !run.scratched ? <span aria-hidden className="ml-1 inline-block h-4 w-4 border-2 border-black align-middle" /> : null}
              </td>
            </tr>
          </Fragment>
        );
      })}
    </tbody>
  );
}

/** The printed sheets: letter pages, one class a page, readable on the screen too; no JavaScript needed. */
export default function PrintedSheet() {
  const d = useLoaderData<typeof loader>();
  const gate = d.sheet === "gate";
  return (
    <>
      <div className="print-hidden">
        <PageHeader title={SHEET_TITLES[d.sheet]} back={`/events/${d.event.id}/race-day`} width="wide" />
      </div>
      <main id="main" className="mx-auto max-w-4xl space-y-4 px-4 py-4 pb-24 print:max-w-none print:space-y-0 print:p-0">
        <nav aria-label="Sheets" className="print-hidden flex flex-wrap items-center gap-2">
          <PrintButton />
          {(["announcer", "gate", "numbers"] as const)
            .filter((s) => s !== d.sheet)
            .map((s) => (
              <a key={s} data-discover href={`/events/${d.event.id}/sheets/${s}`} className="btn-secondary">
                {SHEET_TITLES[s]}
              </a>
            ))}
        </nav>
        {d.sheet !== "numbers" && d.classes.length > 1 ? (
          <nav aria-label="Classes" className="print-hidden flex flex-wrap gap-2 text-sm">
            <span className="self-center text-gray-700">One class:</span>
            {d.classes.map((c) => (
              <a key={c.classId} data-discover href={`/events/${d.event.id}/sheets/${d.sheet}?class=${c.classId}`} className="btn-ghost">
                {c.name}
              </a>
            ))}
          </nav>
        ) : null}

        {d.sheet === "numbers" ? (
          <section className="sheet-page bg-white p-4 shadow print:p-0 print:shadow-none" aria-label={SHEET_TITLES.numbers}>
            <SheetHead d={d} />
            {d.numbers.length ? (
              <table className="w-full text-left text-sm print:text-[10pt]">
                <thead>
                  <tr className="border-b-2 border-black">
                    <th scope="col" className="px-1 py-1 text-right">
                      Back #
                    </th>
                    <th scope="col" className="px-1 py-1">
                      Rider
                    </th>
                    <th scope="col" className="px-1 py-1">
                      Horse
                    </th>
                    <th scope="col" className="px-1 py-1">
                      Classes
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.numbers.map((n, i) => (
                    <tr key={i} className="break-inside-avoid border-b border-gray-400" data-testid="sheet-number">
                      <td className="px-1 py-1 text-right font-bold tabular-nums">{n.backNumber ?? "–"}</td>
                      <td className="name-wrap px-1 py-1 font-semibold">{n.riderName}</td>
                      <td className="name-wrap px-1 py-1">{n.horseName}</td>
                      <td className="px-1 py-1">{n.classes.join(", ")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>No entries yet.</p>
            )}
          </section>
        ) : d.classes.length ? (
          d.classes.map((c) => (
            <section key={c.classId} className="sheet-page bg-white p-4 shadow print:break-after-page print:p-0 print:shadow-none" aria-label={`${c.name}: ${SHEET_TITLES[d.sheet]}`}>
              <SheetHead d={d} subtitle={c.name} />
              {c.sidepots.length ? <p className="mb-1 text-sm">Sidepots on these runs: {c.sidepots.join(", ")}</p> : null}
              {!c.published ? <p className="mb-1 text-sm font-bold">{c.drawn ? "Draw not published yet: it may still change." : "Not drawn yet."}</p> : null}
              {c.runs.length ? (
                <table className="w-full text-left text-sm print:text-[10pt]">
                  <thead>
                    <tr className="border-b-2 border-black">
                      <th scope="col" className="w-10 px-1 py-1 text-right">
                        #
                      </th>
                      <th scope="col" className="w-14 px-1 py-1 text-right">
                        Back
                      </th>
                      <th scope="col" className="px-1 py-1">
                        Rider
                      </th>
                      <th scope="col" className="px-1 py-1">
                        Horse
                      </th>
                      {gate ? null : (
                        <th scope="col" className="px-1 py-1">
                          Hometown
                        </th>
                      )}
                      <th scope="col" className="px-1 py-1">
                        {gate ? "Up" : "Notes"}
                      </th>
                    </tr>
                  </thead>
                  <DrawRows runs={c.runs} gate={gate} />
                </table>
              ) : null}
            </section>
          ))
        ) : (
          <p className="card">No classes to draw yet.</p>
        )}
      </main>
    </>
  );
}
