import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registration } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/** Without SMTP_URL, mail goes to DATA_DIR/outbox/ and its link to the log. */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer({ SMTP_URL: "" });
});
afterAll(() => app.close());

describe("mail without SMTP_URL", () => {
  it("writes the verification mail to the outbox and logs its link", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const body = registration();
    const res = await app.client().json("/api/auth/register", "POST", body);
    expect(res.status).toBe(201);

    const outbox = path.join(app.dataDir, "outbox");
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(outbox, files[0]!), "utf8");
    expect(eml).toContain(`To: ${body.email}`);
    expect(eml).toMatch(/Subject: Verify your email address/);
    expect(eml).toContain("multipart/alternative");

    const line = log.mock.calls.map((c) => String(c[0])).find((l) => l.includes("mail written to outbox"));
    expect(line).toBeDefined();
    expect(JSON.parse(line!).link).toMatch(new RegExp(`^${app.url}/verify-email/`));
    expect(app.smtp.messages).toHaveLength(0);
    log.mockRestore();
  });
});
