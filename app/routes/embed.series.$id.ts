import type { LoaderFunctionArgs } from "@remix-run/node";
import { presentTable, standingsQuery } from "~/features/season/pages.server";
import { standingsOf } from "~/features/season/standings.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";

/*
 * GET /embed/series/{id}?class=&division=: the standings as a plain page for
 * an <iframe> on the association's website: no app chrome, no script, a few
 * lines of CSS. The server lets this path alone be framed by other sites
 * (server/app.ts). Links open the full page in a new tab.
 */

const escape = (text: string | number) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const CSS = `body{font:14px/1.4 system-ui,-apple-system,sans-serif;margin:0;padding:8px;color:#111;background:#fff}
h1{font-size:16px;margin:0 0 2px}p{margin:0 0 8px;color:#444}table{width:100%;border-collapse:collapse}
th,td{padding:6px 4px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}th{font-size:12px;color:#555}
.n{text-align:right;font-variant-numeric:tabular-nums}.q{background:#166534;color:#fff;border-radius:3px;padding:0 3px;font-size:11px;font-weight:700}
.h{color:#555;display:block}a{color:#843f19}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  let body: string;
  let status = 200;
  try {
    const { className, division } = standingsQuery(url);
    const table = presentTable(standingsOf(getDb(), params.id ?? "", className, division));
    const full = `${config().appOrigin}/series/${table.series.id}?${new URLSearchParams({ class: table.className, division: String(table.division) })}`;
    const rows = table.rows
      .map(
        (r) =>
          `<tr><td>${r.place}${r.qualified ? ' <span class="q" title="Qualified">Q</span>' : ""}</td><td>${escape(r.riderName)}<span class="h">${escape(r.horseName)}</span></td><td class="n">${r.points}</td><td class="n">${r.racesCounted}</td><td class="n">${escape(r.money)}</td></tr>`,
      )
      .join("");
    body = `<h1>${escape(table.series.name)}: ${escape(table.className)} ${table.division}D</h1>
<p>Season standings · <span class="q">Q</span> qualified so far (top ${table.series.qualifyTop}${table.series.qualifyMinRaces ? `, at least ${table.series.qualifyMinRaces} ${table.series.qualifyMinRaces === 1 ? "race" : "races"}` : ""}) · <a href="${escape(full)}" target="_blank" rel="noopener">Full standings</a></p>
${table.rows.length ? `<table><thead><tr><th>Place</th><th>Rider and horse</th><th class="n">Points</th><th class="n">Races</th><th class="n">Won</th></tr></thead><tbody>${rows}</tbody></table>` : "<p>No points yet in this division.</p>"}`;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    status = error.status;
    body = `<p>${escape(error.message)}</p>`;
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Standings</title><style>${CSS}</style></head><body>${body}</body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=60" } });
}
