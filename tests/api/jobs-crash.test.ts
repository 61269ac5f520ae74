import { eq } from "drizzle-orm";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/client";
import { jobs } from "../../db/schema";
import { sendAlert, type Alert } from "../../app/features/alerts/alerts.server";
import { INTERRUPTED } from "../../server/jobs";
import { startCluster, type Cluster } from "../helpers/cluster";
import { createUser, PASSWORD } from "../helpers/factories";
import { listenSmtp, type CapturedMail } from "../helpers/mail";

/**
 * A kill between a send and its bookkeeping: the production server (one
 * process, its job runner inside) sends an alert mail to the test's SMTP
 * server, which SIGKILLs the server once it holds the whole message, before
 * answering. Nobody can know then whether the mail left, so after a restart
 * the job is failed as interrupted and never sent again; the test counts
 * the mails. A job still pending at the kill is sent once after the restart.
 */
let server: Cluster | undefined;
let smtp: Awaited<ReturnType<typeof listenSmtp>>;
let db: Db;
const mails: CapturedMail[] = [];
let killOn: string | null = null;

beforeAll(async () => {
  smtp = await listenSmtp(0, (mail) => {
    mails.push(mail);
    if (killOn && mail.to.includes(killOn) && server) {
      killOn = null;
      server.kill();
      // Never answered: the sender is gone.
      return new Promise<void>(() => {});
    }
  });
}, 30_000);

afterAll(async () => {
  await server?.stop();
  db?.$client.close();
  await smtp.close();
});

const start = (dataDir?: string) =>
  startCluster(1, { ...(dataDir ? { dataDir } : {}), env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });

const alert = (userId: string, name: string): Alert => ({
  userId,
  kind: "change",
  subject: `event:${name}:change:1`,
  title: `${name} moved`,
  message: `${name} now runs Mar 7, 2030 (was Mar 6, 2030).`,
  url: `/share/event/${name}`,
});

async function until(check: () => boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a server killed mid-send", () => {
  it("sends nothing twice, shows the interrupted job to admins, and sends a pending job once after the restart", async () => {
    server = await start();
    db = openDatabase(path.join(server.dataDir, "app.db"));
    const crashRider = createUser(db);
    const waitingRider = createUser(db);
    const admin = createUser(db, { isAdmin: true });
    const jobOf = (key: string) => db.select().from(jobs).where(eq(jobs.key, key)).get();

    killOn = crashRider.email;
    const first = alert(crashRider.id, "crash-fling");
    sendAlert(db, first);
    const firstKey = `email:alert:change:${crashRider.id}:${first.subject}`;
    const exit = await server.exit;
    expect(exit).not.toBe(0);
    expect(mails.filter((m) => m.to.includes(crashRider.email))).toHaveLength(1);
    expect(jobOf(firstKey)).toMatchObject({ status: "running", attempts: 1 });

    // While the server is down, another alert waits.
    const second = alert(waitingRider.id, "waiting-fling");
    sendAlert(db, second);
    const secondKey = `email:alert:change:${waitingRider.id}:${second.subject}`;
    expect(jobOf(secondKey)).toMatchObject({ status: "pending" });

    server = await start(server.dataDir);
    await until(() => jobOf(secondKey)?.status === "done", "the waiting alert to be sent");
    expect(jobOf(firstKey)).toMatchObject({ status: "failed", attempts: 1, lastError: INTERRUPTED });
    // A few more rounds of the runner (it looks every 2 s) send nothing more.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(mails.filter((m) => m.to.includes(crashRider.email))).toHaveLength(1);
    expect(mails.filter((m) => m.to.includes(waitingRider.email))).toHaveLength(1);
    expect(mails.filter((m) => m.to.includes(waitingRider.email))[0]!.subject).toBe(second.title);

    // The administrator sees the interrupted send.
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: admin.email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const stats = (await (await fetch(`${server.url}/api/admin/stats`, { headers: { Cookie: cookie } })).json()) as { failedJobs: number };
    expect(stats.failedJobs).toBe(1);
    const dashboard = await (await fetch(`${server.url}/admin`, { headers: { Cookie: cookie } })).text();
    expect(dashboard).toContain("Failed deliveries (1)");
    expect(dashboard).toContain(firstKey);
    expect(dashboard).toContain("interrupted: the server stopped while this ran");
  }, 240_000);
});
