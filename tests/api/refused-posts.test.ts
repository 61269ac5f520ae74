import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInRider } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * A post the server refuses without reading its body (a rider posting to the
 * admin screen, a visitor posting to a signed-in screen) still gets its answer:
 * the server reads the rest of the body through before it answers
 * (server/body.ts), so the client, still sending, is never cut off with a
 * reset or EPIPE before it reads the status and the message.
 */
let app: TestServer;
let rider: Client;
beforeAll(async () => {
  app = await startTestServer();
  rider = (await signedInRider(app)).client;
});
afterAll(() => app.close());

function multipart(bytes: number) {
  const form = new FormData();
  form.set("intent", "send");
  form.set("message", "Hello from the arena");
  form.set("file", new Blob([new Uint8Array(bytes).fill(0x61)], { type: "image/jpeg" }), "showbill.jpg");
  return form;
}

const SIZES = [
  { label: "50 small forms", count: 50, bytes: 6 },
  { label: "20 forms of 300 KB", count: 20, bytes: 300 * 1024 },
  { label: "10 forms of 2 MB", count: 10, bytes: 2 * 1024 * 1024 },
];

/** Where each refusal comes from, and what it must say. */
const REFUSALS: Array<{ label: string; client: () => Client; path: string; status: number; says: (res: Response) => Promise<void> }> = [
  {
    label: "a rider posting to the admin screen",
    client: () => rider,
    path: "/admin",
    status: 403,
    says: async (res) => expect(await res.text()).toMatch(/<html/i),
  },
  {
    label: "a rider posting to an admin API route",
    client: () => rider,
    path: "/api/admin/mass-notification",
    status: 403,
    says: async (res) => expect(((await res.json()) as { message: string }).message).toMatch(/\w/),
  },
  {
    label: "a visitor posting to a signed-in screen",
    client: () => app.client(),
    path: "/run-log",
    status: 302,
    says: async (res) => {
      expect(res.headers.get("location")).toMatch(/^\/login/);
      await res.arrayBuffer();
    },
  },
  {
    label: "a visitor posting to a signed-in API route",
    client: () => app.client(),
    path: "/api/run-logs",
    status: 401,
    says: async (res) => expect(((await res.json()) as { message: string }).message).toMatch(/\w/),
  },
];

describe("a refused post with a body gets its answer", () => {
  for (const refusal of REFUSALS) {
    for (const size of SIZES) {
      it(`${refusal.label}: ${size.label}`, async () => {
        const client = refusal.client();
        for (let i = 0; i < size.count; i++) {
          const res = await client.fetch(refusal.path, { method: "POST", body: multipart(size.bytes) });
          expect(res.status, `post ${i + 1} of ${size.count}`).toBe(refusal.status);
          await refusal.says(res);
        }
      });
    }
  }
});
