import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../db/schema";
import { createEvent, createUser, signedInRider, signIn } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

describe("the /api contract's error answers", () => {
  it("answers malformed JSON with 400 JSON", async () => {
    const res = await app.client().fetch("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/json/);
    expect(await res.json()).toEqual({ message: "Request body must be valid JSON" });
  });

  it("answers wrong types with 400 and the field's message", async () => {
    const res = await app.client().json("/api/auth/login", "POST", { email: 42, password: ["x"] });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBeTruthy();
  });

  it("answers an oversized body with 413 JSON", async () => {
    const res = await app.client().json("/api/auth/register", "POST", { firstName: "x".repeat(100_000) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: "body_too_large", message: "Request body is too large" });
  });

  it("answers a body over the server's limit with 413 JSON and its code before reading it", async () => {
    // A raw request: fetch refuses to send a Content-Length its body does not have.
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${app.url}/api/auth/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": String(17 * 1024 * 1024), Origin: app.url },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body: text }));
      });
      req.on("error", reject);
      req.write("x");
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ code: "body_too_large", message: "Request body is too large" });
  });

  it.each(["GET", "POST", "DELETE", "PATCH"])("answers an unknown /api path (%s) with 404 JSON", async (method) => {
    const res = await app.client().fetch("/api/no/such/thing", { method });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found" });
  });

  it("answers a method a route does not take with 405 JSON", async () => {
    const res = await app.client().get("/api/auth/login");
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ message: "Method not allowed" });
    const del = await app.client().fetch("/api/auth/user", { method: "DELETE" });
    expect(del.status).toBe(405);
  });
});

describe("cross-origin requests", () => {
  it("refuses a state-changing request from another origin", async () => {
    const user = createUser(app.db);
    const res = await app.client().json("/api/auth/login", "POST", { email: user.email, password: "x" }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Cross-origin requests are not allowed.");
  });

  it("refuses a cross-site form post without an Origin header", async () => {
    const res = await app.client().fetch("/logout", { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(res.status).toBe(403);
  });

  it("refuses Origin: null unless the browser says the request is same-origin", async () => {
    const res = await app.client().fetch("/logout", { method: "POST", headers: { Origin: "null" } });
    expect(res.status).toBe(403);
    const same = await app.client().fetch("/logout", { method: "POST", headers: { Origin: "null", "Sec-Fetch-Site": "same-origin" } });
    expect(same.status).toBe(302);
  });

  it("accepts the app's own origin", async () => {
    const user = createUser(app.db);
    const client = app.client();
    await signIn(client, user.email);
    const res = await client.json("/api/auth/logout", "POST", undefined, { Origin: app.url });
    expect(res.status).toBe(200);
  });
});

describe("security headers", () => {
  it("sends a Content Security Policy with a per-request nonce on every page", async () => {
    const a = await app.client().get("/login");
    const b = await app.client().get("/login");
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src [^;]*'nonce-[^']+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toBe(b.headers.get("content-security-policy"));
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    expect(await a.text()).toContain(`nonce="${nonce}"`);
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("compressed answers", () => {
  /**
   * A page, a JSON answer and a page's data for a navigation in the browser
   * (single fetch's `.data`) are each compressed in one piece and sent with
   * their length (server/remix.ts), not streamed in chunks.
   */
  it("sends a page, a JSON answer and a navigation's data whole, with their length", async () => {
    const rider = await signedInRider(app);
    for (let i = 0; i < 5; i++) {
      app.db.insert(notifications).values({ userId: rider.user.id, type: "alert", title: `Entries close soon ${i}`, message: "Enter by Friday at the arena office" }).run();
    }
    for (const path of ["/notifications", "/notifications.data", "/api/notifications"]) {
      const res = await rider.client.fetch(path, { headers: { "Accept-Encoding": "br" } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-encoding"), path).toBe("br");
      expect(Number(res.headers.get("content-length")), path).toBeGreaterThan(0);
      expect(res.headers.get("transfer-encoding"), path).toBeNull();
      expect(await res.text(), path).toContain("Entries close soon 4");
    }
  });

  /** Below 64 KB gzip is quicker to make and its few more bytes still fit the first round trip; above it Brotli is a tenth smaller (server/remix.ts). */
  it("gzips an answer under 64 KB and sends a larger one as Brotli, to a browser that takes both", async () => {
    const rider = await signedInRider(app);
    const both = { "Accept-Encoding": "gzip, deflate, br" };
    app.db.insert(notifications).values({ userId: rider.user.id, type: "alert", title: "Short notice", message: "Gates open at 8" }).run();
    const small = await rider.client.fetch("/notifications", { headers: both });
    expect(small.headers.get("content-encoding")).toBe("gzip");
    expect(await small.text()).toContain("Short notice");

    // Five notices of 16 KB each (a message of varied words, so it does not shrink to nothing).
    const words = Array.from({ length: 2_400 }, (_, i) => `run${(i * 7919) % 10_007}`).join(" ");
    for (let i = 0; i < 5; i++) {
      app.db.insert(notifications).values({ userId: rider.user.id, type: "alert", title: `Long notice ${i}`, message: words.slice(0, 16_000) }).run();
    }
    const large = await rider.client.fetch("/notifications", { headers: both });
    expect(large.headers.get("content-encoding")).toBe("br");
    const page = await large.text();
    expect(page.length).toBeGreaterThan(64 * 1024);
    expect(page).toContain("Long notice 4");
  });

  /** What is not made whole (a file, a download) goes through the compression middleware as it streams (server/app.ts). */
  it("compresses a streamed download and a public file on the way", async () => {
    const event = createEvent(app.db, { name: "Spring Fling Barrel Race", showbillApproved: true, description: "Open 4D, youth and peewee. ".repeat(40) });
    const ics = await fetch(`${app.url}/api/events/${event.id}/ics`, { headers: { "Accept-Encoding": "gzip" } });
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-encoding")).toBe("gzip");
    expect(ics.headers.get("content-length")).toBeNull();
    expect(await ics.text()).toContain("SUMMARY:Spring Fling Barrel Race");

    const worker = await fetch(`${app.url}/sw.js`, { headers: { "Accept-Encoding": "gzip" } });
    expect(worker.headers.get("content-encoding")).toBe("gzip");
    expect((await worker.text()).length).toBeGreaterThan(256);
  });
});

describe("GET /api/health", () => {
  it("answers ok when the database and disk are usable", async () => {
    const res = await app.client().get("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});

describe("static files", () => {
  it("serves public files with an hour's cache, the service worker re-checked on every visit", async () => {
    const icon = await fetch(`${app.url}/icons/icon-192.png`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/png");
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
    const worker = await fetch(`${app.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${app.url}/manifest.webmanifest`)).status).toBe(200);
  });

  it("serves fingerprinted build files compressed and cached for a year", async () => {
    const html = await (await fetch(`${app.url}/login`)).text();
    const scripts = [...new Set(html.match(/\/build\/[^"]+\.js/g))];
    expect(scripts.length).toBeGreaterThan(2);
    let compressed = 0;
    for (const script of scripts) {
      const res = await fetch(`${app.url}${script}`, { headers: { "Accept-Encoding": "gzip" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      // Files over compression's 1 KB threshold go out gzipped.
      if (res.headers.get("content-encoding") === "gzip") compressed += 1;
      else expect((await res.arrayBuffer()).byteLength).toBeLessThan(1024);
    }
    expect(compressed).toBeGreaterThan(0);
  });

  it("answers a missing file through the app (its 404 page), not a file lookup", async () => {
    const res = await fetch(`${app.url}/icons/nope.png`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
  });
});
