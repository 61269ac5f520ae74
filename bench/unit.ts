/**
 * The unit of server cost: the CPU time of one React `renderToString` of a
 * fixed 300-row table (1,500 elements, about 36 KB of HTML) with this
 * project's React. Costs given in units carry from machine to machine, where
 * milliseconds do not.
 *
 * Run in its own process (`npm run bench` starts it while the server is idle)
 * and prints one line of JSON: the median CPU time of a render after a
 * warm-up, in ms, with the HTML's size and the spread of the samples.
 *
 *   node --import tsx bench/unit.ts
 */
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { pathToFileURL } from "node:url";

const HORSES = ["Rollin", "Dash", "Smash", "Firewater", "Stingray", "Boogie", "Legs", "Scooter"];

/** 300 rows of a tr and four tds: 1,500 elements. */
function Table() {
  const rows = [];
  for (let i = 0; i < 300; i++) {
    rows.push(
      h(
        "tr",
        { key: i, className: i % 2 ? "odd" : "even" },
        h("td", { className: "n" }, i + 1),
        h("td", null, `Synthetic Barrel Race ${i}`),
        h("td", null, HORSES[i % HORSES.length]),
        h("td", { className: "n" }, (14 + ((i * 37) % 3000) / 1000).toFixed(3)),
      ),
    );
  }
  return h("table", null, h("tbody", null, rows));
}

export type Unit = { ms: number; p10: number; p90: number; samples: number; htmlBytes: number; elements: number };

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export function measureUnit({ warmUp = 300, samples = 600 } = {}): Unit {
  let html = "";
  for (let i = 0; i < warmUp; i++) html = renderToString(h(Table));
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = cpuMs();
    renderToString(h(Table));
    times.push(cpuMs() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => +times[Math.floor(p * (times.length - 1))]!.toFixed(3);
  return { ms: at(0.5), p10: at(0.1), p90: at(0.9), samples, htmlBytes: Buffer.byteLength(html), elements: (html.match(/<(tr|td)[ >]/g) ?? []).length };
}

// React chooses its production build from NODE_ENV when first imported: start this with NODE_ENV=production.
if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  console.log(JSON.stringify(measureUnit()));
}
