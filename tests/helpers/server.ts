import type { ServerBuild } from "@remix-run/node";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { openDatabase, type Db } from "../../db/client";
import { inject } from "vitest";
import { TMP_DIR } from "./paths";
import { startSmtp } from "./mail";

/**
 * Starts the real HTTP server (server/app.ts around the real Remix build)
 * on a copy of the migrated template database, with mail going to a real
 * SMTP server. One per test file: vitest runs each file in its own process,
 * so the configuration read from process.env here is the file's own.
 */
export async function startTestServer(env: Record<string, string> = {}, { jobs = false } = {}) {
  const dataDir = fs.mkdtempSync(path.join(TMP_DIR, "data-"));
  fs.copyFileSync(inject("templateDb"), path.join(dataDir, "app.db"));
  const smtp = await startSmtp();
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    NODE_ENV: "test",
    RATE_LIMIT_FACTOR: "1000",
    // The tests' push service (tests/helpers/push-service.ts) is on localhost.
    PUSH_ALLOWED_HOSTS: "localhost",
    ...env,
  });
  delete process.env.APP_ORIGIN;

  const { loadConfig } = await import("../../app/lib/config.server");
  const { createApp } = await import("../../server/app");
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const server = createApp(loadConfig(), build, { logRequests: false }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The app's links in mail use APP_ORIGIN; point it at this server.
  process.env.APP_ORIGIN = url;

  const db: Db = openDatabase(path.join(dataDir, "app.db"));
  // The job runner, as the primary process runs it, here in the test's process (so setClock moves its time too).
  const { startJobRunner } = await import("../../server/jobs");
  const runner = jobs ? startJobRunner(db, loadConfig(), { pollMs: 100 }) : undefined;
  return {
    url,
    db,
    dataDir,
    smtp,
    client: () => new Client(url),
    /** Runs every job due now (by the app's clock) and resolves when they are done. */
    async runJobs() {
      if (!runner) throw new Error("start the test server with { jobs: true }");
      await runner.runNow();
    },
    async close() {
      await runner?.stop();
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await smtp.close();
      db.$client.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** A browser-like client: keeps cookies, sends JSON or forms, never follows redirects. */
export class Client {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(pathname: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("Cookie", this.cookieHeader);
    const res = await fetch(this.base + pathname, { ...init, headers, redirect: "manual" });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return res;
  }

  json(pathname: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.fetch(pathname, {
      method,
      headers: { "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  get(pathname: string) {
    return this.fetch(pathname);
  }

  /** Submits a form the way a browser without JavaScript does. */
  form(pathname: string, fields: Record<string, string>) {
    return this.fetch(pathname, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }
}
