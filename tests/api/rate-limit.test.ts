import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer({ RATE_LIMIT_FACTOR: "1" });
});
afterAll(() => app.close());

describe("rate limits", () => {
  it("answers the 11th login attempt within 15 minutes with 429 and a clear message", async () => {
    const user = createUser(app.db);
    const attempt = () => app.client().json("/api/auth/login", "POST", { email: user.email, password: "wrong-password" });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const res = await attempt();
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe("Too many attempts. Please wait 15 minutes and try again.");
  });

  it("limits forgot-password, resend-verification and register too", async () => {
    const hit = (path: string, body: object) => app.client().json(path, "POST", body);
    for (const [path, body, max] of [
      ["/api/auth/forgot-password", { email: "a@example.com" }, 5],
      ["/api/auth/resend-verification", { email: "a@example.com" }, 5],
    ] as const) {
      for (let i = 0; i < max; i++) expect((await hit(path, body)).status).toBe(200);
      expect((await hit(path, body)).status).toBe(429);
    }
    for (let i = 0; i < 5; i++) await hit("/api/auth/register", { email: `r${i}@example.com`, password: "saddle-up-99", firstName: "A", homeZipCode: "12345", agreeToTerms: true });
    const res = await hit("/api/auth/register", { email: "r9@example.com", password: "saddle-up-99", firstName: "A", homeZipCode: "12345", agreeToTerms: true });
    expect(res.status).toBe(429);
  });
});
