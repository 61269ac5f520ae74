import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cookieOf, send, startCluster, type Answer, type Cluster } from "../helpers/cluster";
import { registration } from "../helpers/factories";
import { TMP_DIR } from "../helpers/paths";

/**
 * Continuous replication through the real server (`node scripts/start.js`,
 * the built app) and the real Litestream binary, to a file replica: riders
 * register, log runs and post an event with a showbill; then the host
 * "dies" (SIGKILL to the server, its workers and its Litestream at once)
 * and its data folder is deleted. Started again on an empty folder, the
 * server restores the database and the files from the replica before it
 * serves: everything acknowledged before the last sync interval is there,
 * sessions and all, and the showbill is served. Files the restored
 * database does not reference do not come back.
 */

/** Litestream ships the WAL every second (server/litestream.ts); writes this much older than the kill must be in the replica. */
const SETTLE_MS = 2_000;

const servers: Cluster[] = [];
afterAll(async () => {
  for (const server of servers) await server.killGroup();
});

async function start(dataDir: string, replica: string, workers: number) {
  const server = await startCluster(workers, { dataDir, env: { LITESTREAM_REPLICA_URL: `file://${replica}` }, detached: true });
  servers.push(server);
  return server;
}

/** A client of one server: JSON requests with a cookie, over a keep-alive agent. */
function clientOf(server: Cluster) {
  const agent = new http.Agent({ keepAlive: true });
  const call = (method: string, pathname: string, body?: unknown, cookie?: string): Promise<Answer> =>
    send(server.url, agent, method, pathname, { body, cookie });
  return { call, close: () => agent.destroy() };
}

async function pngOf(color: string) {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width: 48, height: 64, channels: 3, background: color } }).png().toBuffer();
}

/** Uploads an image through the signed-URL flow; answers the stored file's URL. */
async function upload(server: Cluster, cookie: string, kind: string, color: string) {
  const { call } = clientOf(server);
  const grant = await call("POST", `/api/objects/upload?kind=${kind}`, undefined, cookie);
  expect(grant.status, grant.body).toBe(200);
  const { uploadURL } = JSON.parse(grant.body) as { uploadURL: string };
  const put = await fetch(uploadURL.replace(/^https?:\/\/[^/]+/, server.url), { method: "PUT", body: new Uint8Array(await pngOf(color)), headers: { "Content-Type": "image/png" } });
  expect(put.status).toBe(201);
  return ((await put.json()) as { url: string }).url;
}

type Rider = { email: string; password: string; cookie: string; arenas: string[] };

/** Registers a rider through the API, verifies the address with the link from the log, signs in. */
async function registerRider(server: Cluster): Promise<Rider> {
  const { call, close } = clientOf(server);
  const body = registration();
  const registered = await call("POST", "/api/auth/register", body);
  expect(registered.status, registered.body).toBe(201);
  const mail = await server.waitForLog((l) => l.msg === "mail written to outbox" && l.to === body.email);
  const token = String(mail.link).split("/verify-email/")[1]!;
  const verified = await call("POST", `/api/auth/verify-email/${token}`);
  expect(verified.status, verified.body).toBeLessThan(400);
  const signedIn = await call("POST", "/api/auth/login", { email: body.email, password: body.password });
  expect(signedIn.status, signedIn.body).toBe(200);
  close();
  return { email: body.email, password: body.password, cookie: cookieOf(signedIn), arenas: [] };
}

async function logRuns(server: Cluster, rider: Rider, count: number, label: string) {
  const { call, close } = clientOf(server);
  for (let i = 0; i < count; i++) {
    const arenaName = `${label} Arena ${rider.arenas.length + 1}`;
    const res = await call("POST", "/api/run-logs", { arenaName, time: "15.482" }, rider.cookie);
    expect(res.status, res.body).toBe(201);
    rider.arenas.push(arenaName);
  }
  close();
}

async function addEventWithShowbill(server: Cluster, rider: Rider, name: string) {
  const showbillUrl = await upload(server, rider.cookie, "showbill", "#1d4ed8");
  const { call, close } = clientOf(server);
  const res = await call(
    "POST",
    "/api/events",
    { name, location: "Fort Worth, TX", zipCode: "76101", date: "2031-05-02", eventType: ["barrel_racing"], confirmTerms: true, showbillUrl },
    rider.cookie,
  );
  close();
  expect(res.status, res.body).toBe(201);
  const event = JSON.parse(res.body) as { id: string; showbillUrl: string };
  expect(event.showbillUrl).toBe(showbillUrl);
  return event;
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A horse with a Coggins paper (a private file): answers the paper's file URL. */
async function addPaper(server: Cluster, rider: Rider) {
  const { call, close } = clientOf(server);
  const horse = await call("POST", "/api/horses", { name: `Replicated Dash ${Date.now()}` }, rider.cookie);
  close();
  expect(horse.status, horse.body).toBe(201);
  const form = new FormData();
  for (const [key, value] of Object.entries({ kind: "coggins", issuedOn: "2026-06-01", expiresOn: "2027-06-01" })) form.set(key, value);
  form.set("file", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), "coggins.pdf");
  const res = await fetch(`${server.url}/api/horses/${(JSON.parse(horse.body) as { id: string }).id}/documents`, { method: "POST", body: form, headers: { Cookie: rider.cookie } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { fileUrl: string }).fileUrl;
}

const bytesOf = async (server: Cluster, url: string, cookie?: string) => {
  const res = await fetch(server.url + url, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
};

/** What a rider sees of their own runs (the arena names), through the API with their session from before. */
async function arenasOf(server: Cluster, rider: Rider) {
  const { call, close } = clientOf(server);
  const res = await call("GET", "/api/run-logs?limit=100", undefined, rider.cookie);
  close();
  expect(res.status, res.body).toBe(200);
  const body = JSON.parse(res.body) as Array<{ arenaName: string }> | { runs: Array<{ arenaName: string }> };
  return (Array.isArray(body) ? body : body.runs).map((run) => run.arenaName).sort();
}

describe.each([1, 2])("a file replica, WEB_CONCURRENCY=%i", (workers) => {
  it("brings back every write acknowledged before the last sync, and the showbill, after the host dies and its data folder is lost", async () => {
    const root = fs.mkdtempSync(path.join(TMP_DIR, "replication-"));
    const replica = path.join(root, "replica");
    const dataDir = path.join(root, "data");

    const first = await start(dataDir, replica, workers);
    const riders = [await registerRider(first), await registerRider(first)];
    for (const rider of riders) await logRuns(first, rider, 3, "Settled");
    const event = await addEventWithShowbill(first, riders[0]!, `Replicated Classic ${workers}-${Date.now()}`);
    const showbill = await bytesOf(first, event.showbillUrl);
    expect(showbill.status).toBe(200);
    const paper = await addPaper(first, riders[1]!);
    // Uploaded, never used by any row: not the restored database's, so it is not brought back.
    const orphan = await upload(first, riders[1]!.cookie, "avatar", "#15803d");
    expect(fs.existsSync(path.join(replica, "files", orphan.slice(1)))).toBe(true);
    // The files were copied before the uploads were acknowledged.
    expect(fs.existsSync(path.join(replica, "files", event.showbillUrl.slice(1)))).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    // A last run in the second before the host dies: it may or may not have reached the replica.
    const late = await clientOf(first).call("POST", "/api/run-logs", { arenaName: "Late Arena", time: "16.001" }, riders[1]!.cookie);
    expect(late.status).toBe(201);
    await first.killGroup();
    fs.rmSync(dataDir, { recursive: true, force: true });

    const second = await start(dataDir, replica, workers);
    const restore = await second.waitForLog((l) => l.msg === "database restored from the replica");
    expect(restore.ms).toEqual(expect.any(Number));
    expect(second.lines.findIndex((l) => l.msg === "database restored from the replica")).toBeLessThan(
      second.lines.findIndex((l) => l.msg === "listening"),
    );

    // The riders are there, still signed in (the sessions and the session secret came back), with their runs.
    for (const rider of riders) {
      const arenas = (await arenasOf(second, rider)).filter((arena) => arena !== "Late Arena");
      expect(arenas).toEqual([...rider.arenas].sort());
    }
    const { call, close } = clientOf(second);
    for (const rider of riders) expect((await call("POST", "/api/auth/login", { email: rider.email, password: rider.password })).status).toBe(200);
    const stored = await call("GET", `/api/events/${event.id}`, undefined, riders[0]!.cookie);
    close();
    expect(stored.status, stored.body).toBe(200);
    expect(JSON.parse(stored.body)).toMatchObject({ showbillUrl: event.showbillUrl });
    // The showbill is served, byte for byte; so is the horse's paper, to its owner, still a private file.
    expect(await bytesOf(second, event.showbillUrl)).toEqual(showbill);
    expect(await bytesOf(second, paper, riders[1]!.cookie)).toEqual({ status: 200, body: PDF });
    const papers = path.join(dataDir, "private", "papers");
    expect(fs.statSync(papers).mode & 0o777).toBe(0o700);
    for (const name of fs.readdirSync(papers)) expect(fs.statSync(path.join(papers, name)).mode & 0o777).toBe(0o600);
    // The orphan did not come back, and has left the replica.
    expect((await bytesOf(second, orphan)).status).toBe(404);
    expect(fs.existsSync(path.join(replica, "files", orphan.slice(1)))).toBe(false);

    console.log(
      JSON.stringify({ workers, restoreMs: restore.ms, lateRunRestored: (await arenasOf(second, riders[1]!)).includes("Late Arena") }),
    );

    // A stop (SIGTERM) waits for Litestream's last sync: a write just before it is kept.
    const rider = riders[0]!;
    await logRuns(second, rider, 1, "Last");
    expect(await second.stop()).toBe(0);
    expect(second.lines.some((l) => l.msg === "litestream stopped after its last sync")).toBe(true);
    fs.rmSync(dataDir, { recursive: true, force: true });
    const third = await start(dataDir, replica, workers);
    expect(await arenasOf(third, rider)).toEqual([...rider.arenas].sort());
    expect(third.lines.filter((l) => l.level === "error")).toEqual([]);
    expect(await third.stop()).toBe(0);
  }, 240_000);
});

describe("a replica without a database", () => {
  it("holding uploaded files stops the server from starting an empty database over them", async () => {
    const root = fs.mkdtempSync(path.join(TMP_DIR, "replication-"));
    const replica = path.join(root, "replica");
    // Files but no database: a replica location mistyped, or a database Litestream cannot read.
    fs.mkdirSync(path.join(replica, "files", "uploads"), { recursive: true });
    fs.writeFileSync(path.join(replica, "files", "uploads", "AAAAAAAAAAAAAAAAAAAAAA.png"), "not really a picture");
    await expect(start(path.join(root, "data"), replica, 1)).rejects.toThrow(/holds uploaded files but Litestream found no database in it: not starting an empty database/);
    expect(fs.existsSync(path.join(replica, "files", "uploads", "AAAAAAAAAAAAAAAAAAAAAA.png"))).toBe(true);
    expect(fs.existsSync(path.join(root, "data", "app.db"))).toBe(false);
  });
});
