// Ad-hoc: demo data, real server (one process), CPU per request from /proc, optional --cpu-prof.
import autocannon from "autocannon";
import { spawn, execSync } from "node:child_process";
import fs from "node:fs";
const args = process.argv.slice(2);
const get = (n: string, d: string) => { const i = args.indexOf("--" + n); return i >= 0 ? args[i + 1]! : d; };
const PORT = Number(get("port", "3499"));
const N = Number(get("n", "1500"));
const prof = get("prof", "");
const only = get("only", "");
const dataDir = "/tmp/perf-data";
const url = `http://127.0.0.1:${PORT}`;
if (!fs.existsSync(dataDir + "/app.db")) {
  fs.mkdirSync(dataDir, { recursive: true });
  execSync("node --import tsx scripts/seed-demo.ts", { env: { ...process.env, DATA_DIR: dataDir }, stdio: "ignore" });
}
const nodeArgs = prof ? ["--cpu-prof", "--cpu-prof-dir", prof] : [];
const child = spawn("node", [...nodeArgs, "scripts/start.js"], {
  env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, APP_ORIGIN: url, NODE_ENV: "production", RATE_LIMIT_FACTOR: "1000000", WEB_CONCURRENCY: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});
for (let i = 0; ; i++) { try { if ((await fetch(url + "/api/health")).ok) break; } catch {} await new Promise((r) => setTimeout(r, 100)); }
const login = await fetch(url + "/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json", Origin: url }, body: JSON.stringify({ email: "kaylee@demo.cloverleaf.app", password: "demo-password-1" }) });
const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
const me = await (await fetch(url + "/api/auth/user", { headers: { Cookie: cookie } })).json() as any;
const ev = await (await fetch(url + "/api/events/search", { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json", Origin: url }, body: JSON.stringify({ zipCode: "76101", radius: 200 }) })).json() as any;
const eventId = (ev.events ?? ev)[0]?.id;
const cpu = () => { const f = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]!.split(" "); return (Number(f[11]) + Number(f[12])) * 10; };
// reference unit: 300-row table renderToString
const React = (await import("react")).default; const { renderToString } = await import("react-dom/server");
const table = () => React.createElement("table", null, React.createElement("tbody", null, Array.from({ length: 300 }, (_, i) => React.createElement("tr", { key: i }, React.createElement("td", null, "Row " + i), React.createElement("td", null, String(i * 3.14)), React.createElement("td", { className: "name" }, "Barrel racer number " + i), React.createElement("td", null, "TX")))));
for (let i = 0; i < 300; i++) renderToString(table());
const ts: number[] = []; for (let i = 0; i < 300; i++) { const s = process.cpuUsage(); renderToString(table()); const e = process.cpuUsage(s); ts.push((e.user + e.system) / 1000); }
ts.sort((a, b) => a - b); const unit = ts[150]!;
console.log(`unit ${unit.toFixed(3)} ms (html ${renderToString(table()).length} B)`);
const H = { Cookie: cookie };
const J = { Cookie: cookie, "Content-Type": "application/json", Origin: url };
const eps: [string, any[]][] = [
  ["health", [{ method: "GET", path: "/api/health" }]],
  ["discover", [{ method: "GET", path: "/", headers: H }]],
  ["search", [{ method: "POST", path: "/api/events/search", headers: J, body: JSON.stringify({ zipCode: "76101", radius: 200 }) }]],
  ["runlog", [{ method: "GET", path: "/run-log", headers: H }]],
  ["profile", [{ method: "GET", path: `/profile/${me.id ?? me.user?.id}`, headers: H }]],
  ["notifications", [{ method: "GET", path: "/notifications", headers: H }]],
  ["events", [{ method: "GET", path: "/events", headers: H }]],
  ["share", [{ method: "GET", path: `/share/event/${eventId}` }]],
];
for (const [name, requests] of eps) {
  if (only && !only.split(",").includes(name)) continue;
  await autocannon({ url, requests, connections: 4, amount: 100 });
  const c0 = cpu();
  const r = await autocannon({ url, requests, connections: 8, amount: N });
  const c1 = cpu();
  const ms = (c1 - c0) / N;
  console.log(`${name.padEnd(14)} ${ms.toFixed(2)} ms  ${(ms / unit).toFixed(1)} units  ${Math.round(r.requests.average)} rps non2xx ${r.non2xx} bytes/req ${Math.round(r.throughput.total / N)}`);
}
child.kill("SIGTERM"); await new Promise((r) => child.once("exit", r));
