import dns from "node:dns";
import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { jobs, pushSubscriptions } from "../../db/schema";
import { sendAlert } from "../../app/features/alerts/alerts.server";
import { setClock } from "../../app/lib/clock.server";
import { RETRY_AFTER_MS } from "../../server/jobs";
import { signedInRider } from "../helpers/factories";
import { startPushService, type PushService } from "../helpers/push-service";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * Web Push goes only to the public internet: a subscription whose endpoint
 * is not a public https host on port 443 is refused when it is saved, and
 * a name that resolves inside the network at send time is not contacted.
 * This server allows no host by name (PUSH_ALLOWED_HOSTS empty), as in
 * production; the resolver is a stub standing in for DNS.
 */
let app: TestServer;
let push: PushService;
beforeAll(async () => {
  app = await startTestServer({ PUSH_ALLOWED_HOSTS: "" }, { jobs: true });
  push = await startPushService();
});
afterAll(async () => {
  await push.close();
  await app.close();
});
let resolver: { mockRestore(): void } | undefined;
afterEach(() => {
  resolver?.mockRestore();
  resolver = undefined;
  setClock(null);
});

/** Keys as a browser makes them (from the tests' push service), on any endpoint. */
const subscriptionTo = (endpoint: string) => ({ ...push.subscription(), endpoint });

/** DNS as the stub answers it: these names, whatever the real resolver says. */
function resolveAs(names: Record<string, Array<{ address: string; family: number }>>) {
  const real = dns.lookup;
  const asked: string[] = [];
  resolver = vi.spyOn(dns, "lookup").mockImplementation(((hostname: string, options: unknown, callback: unknown) => {
    asked.push(hostname);
    const answer = names[hostname];
    if (!answer) return (real as (...args: unknown[]) => void)(hostname, options, callback);
    const cb = (typeof options === "function" ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all;
    process.nextTick(() => (all ? cb(null, answer) : cb(null, answer[0]!.address, answer[0]!.family)));
  }) as unknown as typeof dns.lookup);
  return asked;
}

/** A listener on 127.0.0.1:443 that counts connections, when this machine lets the test bind it; else null. */
async function trapOn443() {
  const trap = { connections: 0, server: net.createServer((socket) => (trap.connections++, socket.destroy())) };
  try {
    await new Promise<void>((resolve, reject) => trap.server.once("error", reject).listen(443, "127.0.0.1", resolve));
    return trap;
  } catch {
    return null;
  }
}

describe("saving a push subscription", () => {
  it.each([
    ["https://127.0.0.1/push/x", "endpoint must name a push service by its host name, not an IP address"],
    ["https://localhost/push/x", "endpoint must be a push service on the internet, not localhost"],
    ["https://[::1]/push/x", "endpoint must name a push service by its host name, not an IP address"],
    ["https://10.0.0.1/push/x", "endpoint must name a push service by its host name, not an IP address"],
    ["https://169.254.169.254/latest/meta-data", "endpoint must name a push service by its host name, not an IP address"],
    ["https://[::ffff:127.0.0.1]/push/x", "endpoint must name a push service by its host name, not an IP address"],
    ["https://2130706433/push/x", "endpoint must name a push service by its host name, not an IP address"],
    ["https://push.localhost/push/x", "endpoint must be a push service on the internet, not localhost"],
    ["https://push.example.com:8443/push/x", "endpoint must be on the default https port (443)"],
    ["http://push.example.com/push/x", "endpoint must be an https URL"],
  ])("refuses %s with a 400 that says why", async (endpoint, message) => {
    const { user, client } = await signedInRider(app);
    const res = await client.json("/api/push-subscriptions", "POST", subscriptionTo(endpoint));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
    expect(app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)).all()).toEqual([]);
  });

  it("takes a named host on port 443 without looking it up, even one that does not resolve yet", async () => {
    const asked = resolveAs({});
    const { client } = await signedInRider(app);
    for (const endpoint of ["https://push.not-yet-registered.invalid/push/a", "https://fcm.googleapis.com:443/fcm/send/b"]) {
      const res = await client.json("/api/push-subscriptions", "POST", subscriptionTo(endpoint));
      expect(res.status, endpoint).toBe(201);
    }
    expect(asked).toEqual([]);
  });
});

describe("sending a push", () => {
  it("does not contact a name that resolves inside the network, and says so in the job's error", async () => {
    const trap = await trapOn443();
    // Loopback addresses only: should the check ever fail, nothing leaves this machine.
    const asked = resolveAs({
      "push.rebound.example": [{ address: "127.0.0.1", family: 4 }],
      "mapped.rebound.example": [{ address: "::ffff:127.0.0.1", family: 6 }],
      "six.rebound.example": [
        { address: "::1", family: 6 },
        { address: "127.0.0.2", family: 4 },
      ],
    });
    const { user, client } = await signedInRider(app);
    for (const host of ["push.rebound.example", "mapped.rebound.example", "six.rebound.example"]) {
      const res = await client.json("/api/push-subscriptions", "POST", subscriptionTo(`https://${host}/push/device-secret-${host}`));
      expect(res.status).toBe(201);
    }
    const key = `push:alert:change:${user.id}:event:rebound:change:1`;
    sendAlert(app.db, { userId: user.id, kind: "change", subject: "event:rebound:change:1", title: "Moved", message: "The race moved.", url: "/events" });
    vi.mocked(console.error).mockImplementation(() => {});
    await app.runJobs();

    const job = app.db.select().from(jobs).where(eq(jobs.key, key)).get()!;
    expect(job.status).toBe("pending");
    expect(job.lastError).toContain("push.rebound.example resolves to 127.0.0.1, which is not a public internet address: not contacted");
    expect(job.lastError).toContain("mapped.rebound.example resolves to ::ffff:127.0.0.1");
    expect(job.lastError).toContain("six.rebound.example resolves to ::1");
    expect(job.lastError).not.toMatch(/ECONNREFUSED/);
    expect(asked).toEqual(expect.arrayContaining(["push.rebound.example", "mapped.rebound.example", "six.rebound.example"]));
    if (trap) {
      expect(trap.connections).toBe(0);
      await new Promise((resolve) => trap.server.close(resolve));
    }
    // Not a dead subscription: a name's addresses can change, so they stay and are tried again later.
    expect(app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)).all()).toHaveLength(3);

    // Tried again on schedule until it fails for good; then administrators see the hosts, never the devices' paths; a rider sees none of it.
    let at = Date.now();
    for (const wait of RETRY_AFTER_MS) {
      at += wait + 1000;
      setClock(new Date(at));
      await app.runJobs();
    }
    expect(app.db.select().from(jobs).where(eq(jobs.key, key)).get()!.status).toBe("failed");
    const admin = await signedInRider(app, { isAdmin: true });
    const dashboard = await (await admin.client.get("/admin")).text();
    expect(dashboard).toContain("push.rebound.example resolves to 127.0.0.1");
    expect(dashboard).not.toContain("device-secret-");
    const riderView = await client.get("/admin");
    expect(riderView.status).toBe(403);
    expect(await riderView.text()).not.toContain("rebound.example");
  });

  it("drops a stored subscription to an address that is no longer allowed, without contacting it", async () => {
    const { user } = await signedInRider(app);
    // Saved before endpoints were checked.
    app.db.insert(pushSubscriptions).values({ userId: user.id, endpoint: `${push.origin.replace("localhost", "127.0.0.1")}/push/old`, p256dh: "x".repeat(87), auth: "y".repeat(22) }).run();
    sendAlert(app.db, { userId: user.id, kind: "change", subject: "event:old:change:1", title: "Moved", message: "The race moved.", url: "/events" });
    await app.runJobs();
    expect(push.received).toHaveLength(0);
    expect(app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)).all()).toEqual([]);
    expect(app.db.select().from(jobs).where(eq(jobs.key, `push:alert:change:${user.id}:event:old:change:1`)).get()).toMatchObject({ status: "done" });
  });
});
