import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHorse, createLocatedEvent, createRider, createRun, createSavedSearch, createUser, signedInRider } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Every /api route of the build, walked with bad input of every kind: each
 * refusal is a 4xx whose `message` (and field messages) are plain words,
 * never zod's programmer phrasing. The routes come from app/routes, so a new
 * route is walked too.
 */
const RAW = /String must contain|Number must be|Array must contain|Expected|received|Invalid enum value|^Required$|^Invalid input$|Invalid literal|Unrecognized key/;

/** Field names the app's schemas take, each given the same bad value in one request. */
const KEYS = [
  "email", "password", "confirmPassword", "currentPassword", "newPassword", "firstName", "lastName", "homeZipCode", "riderType", "privacyMode",
  "agreeToTerms", "inviteCode", "bio", "division", "favoriteHorse", "zipCode", "cityState", "radius", "startDate", "endDate", "eventType",
  "arenaType", "groundType", "minAddedMoney", "addedMoney", "name", "location", "date", "address", "arenaName", "contactEmail", "contactFacebook",
  "entriesClose", "entryContact", "confirmTerms", "description", "status", "reason", "eventId", "time", "rating", "placement", "tags", "riderId",
  "horseId", "horseName", "runAt", "timeZone", "videoUrl", "privacy", "notes", "targetId", "userId", "reportedUserId", "sex", "yearFoaled",
  "registeredName", "color", "query", "kind", "issuedOn", "expiresOn", "title", "message", "body", "url", "endpoint", "keys", "channels",
  "searchRadius", "emailDigest", "push", "inApp", "frequency", "address", "token", "maxUses", "approve", "action", "notes", "label",
];
const every = (value: unknown) => Object.fromEntries(KEYS.map((k) => [k, value]));
const BAD_BODIES: unknown[] = [
  {},
  [],
  "text",
  42,
  every(12345),
  every("x".repeat(5000)),
  every("nope"),
  every(["nope"]),
  every({ nope: 1 }),
  every(null),
  every(true),
  every(-1),
  every("abc"),
];
const BAD_QUERIES = ["", "?page=abc&limit=abc&rider=abc&from=x&to=y&tag=nope&sort=nope&radius=abc&query=" + "x".repeat(300), "?page=-1&limit=100000&cursor=%%%"];

/** Routes left out: the live stream never ends, a PUT of raw upload bytes takes no JSON, and signing out ends the walk's session. */
const SKIP = new Set(["api.$", "api.notifications.stream", "api.objects.put.$token", "api.auth.logout"]);

type Route = { file: string; path: string; methods: string[] };

function routes(ids: Record<string, string>): Route[] {
  return fs
    .readdirSync("app/routes")
    .filter((f) => f.startsWith("api.") && f.endsWith(".ts"))
    .map((f) => f.replace(/\.ts$/, ""))
    .filter((f) => !SKIP.has(f))
    .map((file) => {
      const source = fs.readFileSync(`app/routes/${file}.ts`, "utf8");
      const methods = [...source.matchAll(/^\s+(GET|POST|PUT|PATCH|DELETE):/gm)].map((m) => m[1]!);
      const path =
        "/" +
        file
          .split(".")
          .map((part) => part.replace(/_$/, ""))
          .map((part) => (part.startsWith("$") ? (ids[`${file}:${part}`] ?? ids[part] ?? "nope") : part))
          .join("/");
      // DELETE would remove the walk's own fixtures; its input is only the path, walked by the others.
      return { file, path, methods: methods.filter((m) => m !== "DELETE") };
    });
}

let app: TestServer;
let rider: Client;
let admin: Client;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestServer();
  const signedIn = await signedInRider(app, { privacyMode: "PUBLIC" });
  rider = signedIn.client;
  admin = (await signedInRider(app, { isAdmin: true })).client;
  const other = createUser(app.db, { privacyMode: "PUBLIC" });
  const event = await createLocatedEvent(app.db, "76101", { createdBy: signedIn.user.id, date: "2031-05-01" });
  const horse = createHorse(app.db, signedIn.user.id);
  const run = createRun(app.db, signedIn.user.id);
  const search = await createSavedSearch(app.db, signedIn.user.id);
  const child = createRider(app.db, signedIn.user.id);
  Object.assign(ids, {
    $id: event.id,
    $eventId: event.id,
    $userId: other.id,
    $token: "nope",
    $code: "nope",
    $docId: "nope",
    "api.horses.$id:$id": horse.id,
    "api.horses.$id.documents:$id": horse.id,
    "api.horses.$id.documents.$docId:$id": horse.id,
    "api.horses.$id.documents.$docId.file:$id": horse.id,
    "api.share.horse.$id:$id": horse.id,
    "api.run-logs.$id:$id": run.id,
    "api.run-logs.$id.privacy:$id": run.id,
    "api.share.run-log.$id:$id": run.id,
    "api.saved-searches.$id:$id": String(search.id),
    "api.riders.$id:$id": String(child.id),
    "api.users.$id:$id": other.id,
    "api.users.$id.follow-counts:$id": other.id,
    "api.users.$id.followers:$id": other.id,
    "api.users.$id.following:$id": other.id,
    "api.users.$id.public-runs:$id": other.id,
    "api.users.$id.run-count:$id": other.id,
    "api.admin.users.$id.email:$id": other.id,
    "api.admin.users.$id.reset-password:$id": other.id,
    "api.follow-requests.$id.approve:$id": "1",
    "api.follow-requests.$id.reject:$id": "1",
    "api.follow-requests.$id.status:$id": other.id,
    "api.notifications.$id.read:$id": "1",
    "api.invite-links.$id:$id": "1",
    "api.admin.reports.$id:$id": "1",
    "api.admin.event-reports.$id:$id": "1",
    "api.admin.run-logs.$id:$id": run.id,
  });
});
afterAll(() => app.close());

async function check(res: Response, what: string) {
  expect(res.status, `${what}: ${res.status}`).toBeLessThan(500);
  if (res.status < 400) return;
  const type = res.headers.get("content-type") ?? "";
  if (!type.includes("json")) return;
  const body = (await res.json()) as { message?: unknown; errors?: Record<string, unknown> };
  const messages = [body.message, ...Object.values(body.errors ?? {}).flat()].filter((m): m is string => typeof m === "string");
  for (const message of messages) expect(message, `${what} answered ${JSON.stringify(message)}`).not.toMatch(RAW);
  return messages;
}

describe("plain words in every /api refusal", () => {
  it("walks every route with bad bodies and queries: no zod phrasing in any message", async () => {
    const walked = routes(ids);
    expect(walked.length).toBeGreaterThan(60);
    let refusals = 0;
    for (const route of walked) {
      const client = route.file.startsWith("api.admin.") ? admin : rider;
      for (const method of route.methods) {
        if (method === "GET") {
          for (const query of BAD_QUERIES) await check(await client.get(`${route.path}${query}`), `GET ${route.path}${query.slice(0, 40)}`);
          continue;
        }
        for (const body of BAD_BODIES) {
          const res = await client.json(route.path, method, body);
          const messages = await check(res, `${method} ${route.path} ${JSON.stringify(body).slice(0, 60)}`);
          if (messages?.length) refusals += 1;
        }
      }
    }
    // The walk met refusals by the hundred, so the assertion above was put to work.
    expect(refusals).toBeGreaterThan(300);
  });

  it("names the field and the limit in plain words (the search's city, radius and event type)", async () => {
    const answer = async (body: unknown) => ((await (await rider.json("/api/events/search", "POST", body)).json()) as { message: string }).message;
    expect(await answer({ cityState: "x".repeat(150) })).toBe("City, State must be 100 characters or less");
    expect(await answer({ zipCode: "76101", radius: "abc" })).toBe("Radius must be a number");
    expect(await answer({ zipCode: "76101", eventType: "tractor_pull" })).toMatch(/^Event type must be one of: barrel_racing, /);
  });
});
