import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer({ RATE_LIMIT_FACTOR: "1" });
});
afterAll(() => app.close());

describe("rate limits at their real values", () => {
  it("answers the 11th failed login to one account from one address with 429 and a clear message", async () => {
    const user = createUser(app.db);
    const attempt = () => app.client().json("/api/auth/login", "POST", { email: user.email, password: "wrong-password" });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const res = await attempt();
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe("Too many attempts. Please wait 15 minutes and try again.");
  });

  it("limits forgot-password, resend-verification and registration per email", async () => {
    const hit = (path: string, body: object) => app.client().json(path, "POST", body);
    for (const path of ["/api/auth/forgot-password", "/api/auth/resend-verification"]) {
      for (let i = 0; i < 3; i++) expect((await hit(path, { email: "a@example.com" })).status).toBe(200);
      expect((await hit(path, { email: "a@example.com" })).status).toBe(429);
      expect((await hit(path, { email: "b@example.com" })).status).toBe(200);
    }
    const body = { email: "r@example.com", password: "saddle-up-99", firstName: "A", homeZipCode: "12345", agreeToTerms: true };
    for (let i = 0; i < 3; i++) expect((await hit("/api/auth/register", body)).status).toBe(i === 0 ? 201 : 409);
    expect((await hit("/api/auth/register", body)).status).toBe(429);
  });
});
