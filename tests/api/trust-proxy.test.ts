import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, PASSWORD } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * TRUST_PROXY=none: no proxy is trusted, so X-Forwarded-For is ignored and
 * the rate limits count the connection's own address (the default, loopback,
 * is what tests/api/abuse.test.ts relies on to give each test its address).
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer({ RATE_LIMIT_FACTOR: "1", TRUST_PROXY: "none" });
});
afterAll(() => app.close());

const login = (forwardedFor: string, email: string, password: string) =>
  app.client().json("/api/auth/login", "POST", { email, password }, { "X-Forwarded-For": forwardedFor });

describe("TRUST_PROXY=none", () => {
  it("ignores X-Forwarded-For: a client cannot claim a fresh address to escape a limit", async () => {
    const user = createUser(app.db);
    for (let i = 0; i < 10; i++) expect((await login(`203.0.113.${i}`, user.email, "wrong-pass")).status).toBe(401);
    expect((await login("198.51.100.7", user.email, PASSWORD)).status).toBe(429);
  });
});
