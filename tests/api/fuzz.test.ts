import type { ServerBuild } from "@remix-run/node";
import fc from "fast-check";
import { createHash } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { notifications, raceClasses, raceEntries, raceTimes } from "../../db/schema";
import { defaultPayout } from "../../app/features/raceday/results";
import * as racedaySchemas from "../../app/schemas/raceday";
import * as adminSchemas from "../../app/schemas/admin";
import * as authSchemas from "../../app/schemas/auth";
import * as eventSchemas from "../../app/schemas/events";
import { profileUpdateSchema } from "../../app/schemas/profile";
import * as racedayBoothSchemas from "../../app/schemas/raceday-booth";
import * as runSchemas from "../../app/schemas/runs";
import * as savedSearchSchemas from "../../app/schemas/saved-searches";
import * as socialSchemas from "../../app/schemas/social";
import { createEvent, createFollowRequest, createInvite, createRider, createRun, createSavedSearch, createUser, signIn } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Bad input, generated: every route of the real build, every method it takes,
 * as a visitor, a signed-in rider and an administrator, with malformed,
 * oversized, wrongly typed and hostile bodies, form posts, route params and
 * query strings. Objects are shaped from the app's own zod schemas (right
 * keys, wrong or hostile values, fields missing or extra). Each request must
 * answer below 500, an /api error must be JSON with a message, nothing may be
 * logged as an error, and a refused request (4xx) must leave every table as it
 * was (rate-limit counters aside: counting refused attempts is their job).
 */
const SEED = 20_260_707;
/** Runs per route and method: 130-odd routes and methods x 40, about 6,000 requests with the method probes, ~45 s here. */
const RUNS = 40;

let app: TestServer;
let build: ServerBuild;

beforeAll(async () => {
  app = await startTestServer();
  build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
}, 60_000);
afterAll(() => app.close());

/* ------------------------------------------------------------------ */
/* The database before and after: PRAGMA data_version, then a hash.    */
/* ------------------------------------------------------------------ */

/** Counting refused attempts is what rate limits are for. */
const MAY_CHANGE_ON_REFUSAL = new Set(["rate_limits"]);

const tables = () =>
  (app.db.$client.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[]).map((t) => t.name);

function tableHashes() {
  const hashes = new Map<string, string>();
  for (const name of tables()) {
    const rows = app.db.$client.prepare(`select * from "${name}"`).raw().all();
    hashes.set(name, createHash("sha1").update(JSON.stringify(rows, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v))).digest("hex"));
  }
  return hashes;
}

/** data_version changes on this connection whenever another connection (the app's) commits. */
const dataVersion = () => app.db.$client.pragma("data_version", { simple: true }) as number;

let baseline: { version: number; hashes: Map<string, string> } = { version: -1, hashes: new Map() };
function refreshBaseline() {
  const version = dataVersion();
  if (version !== baseline.version) baseline = { version, hashes: tableHashes() };
}
/** After writes through the test's own connection (factories), which data_version does not count. */
const forgetBaseline = () => {
  baseline = { version: -1, hashes: new Map() };
};

/** Tables whose content differs from the baseline (each refused request is checked against the state just before it). */
function changedTables() {
  const version = dataVersion();
  if (version === baseline.version) return [];
  const now = tableHashes();
  const changed = [...now].filter(([name, hash]) => !MAY_CHANGE_ON_REFUSAL.has(name) && baseline.hashes.get(name) !== hash).map(([name]) => name);
  baseline = { version, hashes: now };
  return changed;
}

/* ------------------------------------------------------------------ */
/* Values: hostile in general, and wrong for a schema's field.         */
/* ------------------------------------------------------------------ */

const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e309",
  "Infinity",
  "__proto__",
  "constructor",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "../../../etc/passwd",
  "%00",
  "\uD800",
  "\u202Eevil",
  "𝕏🐎🤠",
  "javascript:alert(1)",
  "true",
  "[]",
  "{}",
  "9".repeat(400),
  "a".repeat(5_000),
];

const hugeString = fc.integer({ min: 1_000, max: 120_000 }).map((n) => "x".repeat(n));
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 80, unit: "binary" }) },
  { weight: 1, arbitrary: hugeString },
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.object({ maxDepth: 2, maxKeys: 4 }) },
);

type Def = { typeName?: string; [key: string]: unknown };
const defOf = (schema: z.ZodTypeAny) => schema._def as Def;

/** Through preprocess, refine, optional, default... to the type that says what a value is. */
function baseOf(schema: z.ZodTypeAny): z.ZodTypeAny {
  const def = defOf(schema);
  switch (def.typeName) {
    case "ZodEffects":
      return baseOf(def.schema as z.ZodTypeAny);
    case "ZodOptional":
    case "ZodNullable":
    case "ZodDefault":
    case "ZodCatch":
    case "ZodBranded":
    case "ZodReadonly":
      return baseOf(def.innerType as z.ZodTypeAny);
    case "ZodPipeline":
      return baseOf(def.in as z.ZodTypeAny);
    default:
      return schema;
  }
}

function shapeOf(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> {
  const base = baseOf(schema);
  return defOf(base).typeName === "ZodObject" ? (base as z.AnyZodObject).shape : {};
}

/** A value that looks right for the field, so that the fields after it are reached too. */
function plausible(key: string, schema: z.ZodTypeAny, ids: string[]): fc.Arbitrary<unknown> {
  const base = baseOf(schema);
  const def = defOf(base);
  if (/email/i.test(key)) return fc.constantFrom("fuzz@example.com", "someone@example.org");
  if (/zip/i.test(key)) return fc.constantFrom("76101", "73301");
  if (/date/i.test(key)) return fc.constantFrom("2031-05-01", "2031-05-03");
  if (/password/i.test(key)) return fc.constant("saddle-up-99");
  if (key === "time") return fc.constantFrom("15.482", "0:15.5");
  if (/id$|Ids?$/i.test(key) && ids.length) return def.typeName === "ZodArray" ? fc.subarray(ids, { minLength: 1 }) : fc.constantFrom(...ids);
  switch (def.typeName) {
    case "ZodEnum":
      return fc.constantFrom(...(def.values as string[]));
    case "ZodLiteral":
      return fc.constant(def.value);
    case "ZodNumber":
      return fc.constantFrom(1, 50);
    case "ZodBoolean":
      return fc.boolean();
    case "ZodArray": {
      const item = baseOf(def.type as z.ZodTypeAny);
      const values = defOf(item).typeName === "ZodEnum" ? (defOf(item).values as string[]) : ["Rodeo"];
      return fc.subarray(values, { maxLength: Math.min(2, values.length) });
    }
    default:
      return fc.constantFrom("Rodeo Arena", "Dash", "Fort Worth, TX");
  }
}

/** A value of the wrong type, or the right type just out of bounds, for the field. */
function wrongFor(schema: z.ZodTypeAny): fc.Arbitrary<unknown> {
  const def = defOf(baseOf(schema));
  const notString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
  switch (def.typeName) {
    case "ZodString":
      return fc.oneof(notString, hostileString);
    case "ZodNumber":
      return fc.oneof(fc.constantFrom("1e309", "NaN", "-1", "12abc", "0x10", "", 1.5, -1, Number.MAX_SAFE_INTEGER + 2), notString);
    case "ZodBoolean":
      return fc.constantFrom("true", "false", "on", 1, 0, null, "yes", [true]);
    case "ZodEnum":
    case "ZodLiteral": {
      const values = def.typeName === "ZodEnum" ? (def.values as string[]) : [String(def.value)];
      return fc.oneof(
        fc.constantFrom(...values).chain((v) => fc.constantFrom(v.toUpperCase(), `${v} `, ` ${v}`, `${v}x`, [v], [v, v], { v })),
        notString,
      );
    }
    case "ZodArray":
      return fc.oneof(hostileString, fc.array(hostileValue, { maxLength: 30 }), fc.constant(Array.from({ length: 3_000 }, (_, i) => `id-${i}`)));
    default:
      return hostileValue;
  }
}

/** Unknown keys, and the keys that poison prototypes. */
const EXTRA_KEYS = ["__proto__", "constructor", "prototype", "isAdmin", "userId", "id", "role", "emailVerified", "isActive", "createdBy", "showbillApproved"];

/** An object shaped by a schema: some of its fields (plausible or wrong), maybe extra ones. */
function shapedObject(schema: z.ZodTypeAny, ids: string[]): fc.Arbitrary<Record<string, unknown>> {
  const shape = shapeOf(schema);
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, fc.oneof({ weight: 3, arbitrary: plausible(key, field, ids) }, { weight: 2, arbitrary: wrongFor(field) })]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom(...EXTRA_KEYS), hostileValue, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...known, ...extra }));
}

/* ------------------------------------------------------------------ */
/* Which schema a route reads.                                         */
/* ------------------------------------------------------------------ */

const S = { ...adminSchemas, ...authSchemas, ...eventSchemas, ...runSchemas, ...socialSchemas, ...savedSearchSchemas, ...racedaySchemas, ...racedayBoothSchemas, profileUpdateSchema };
const ALL_SCHEMAS = (Object.values(S) as unknown[]).filter(
  (v): v is z.ZodTypeAny => typeof v === "object" && v !== null && "_def" in v && "safeParse" in v && Object.keys(shapeOf(v as z.ZodTypeAny)).length > 0,
);

const SCHEMAS: Record<string, z.ZodTypeAny[]> = {
  "routes/api.auth.register": [S.registerSchema],
  "routes/register": [S.registerSchema],
  "routes/api.auth.login": [S.loginSchema],
  "routes/login": [S.loginSchema, S.emailOnlySchema],
  "routes/api.auth.forgot-password": [S.emailOnlySchema],
  "routes/forgot-password": [S.emailOnlySchema],
  "routes/api.auth.resend-verification": [S.emailOnlySchema],
  "routes/api.auth.reset-password.$token": [S.resetPasswordApiSchema],
  "routes/api.auth.change-password": [S.changePasswordApiSchema],
  "routes/reset-password.$token": [S.resetPasswordSchema],
  "routes/api.auth.user_.profile": [S.profileUpdateSchema],
  "routes/settings_.account": [S.profileUpdateSchema],
  "routes/api.admin.users.$id.reset-password": [S.adminPasswordSchema],
  "routes/api.admin.users.$id.email": [S.adminEmailSchema],
  "routes/api.admin.reports.$id": [S.reportStatusSchema],
  "routes/api.admin.event-reports.$id": [S.reportStatusSchema],
  "routes/api.admin.showbills.$eventId.approve": [S.showbillApprovalSchema],
  "routes/api.admin.event-revisions.$eventId": [S.showbillApprovalSchema],
  "routes/api.admin.mass-notification": [S.massNotificationSchema],
  "routes/api.admin.send-notification": [S.sendNotificationSchema],
  "routes/admin": [S.massNotificationSchema, S.sendNotificationSchema, S.adminEmailSchema, S.adminPasswordSchema, S.reportStatusSchema],
  "routes/api.events": [S.eventCreateSchema],
  "routes/add-event": [S.eventCreateSchema],
  "routes/api.events.$id": [S.eventUpdateSchema],
  "routes/events_.$id.edit": [S.eventEditSchema],
  "routes/api.events.search": [S.eventSearchSchema],
  "routes/api.event-reports": [S.eventReportSchema],
  "routes/events_.$id.report": [S.eventReportSchema],
  "routes/api.run-logs": [S.runLogSchema],
  "routes/api.run-logs.$id": [S.runLogSchema],
  "routes/run-log": [S.runLogSchema, S.runPrivacySchema],
  "routes/api.run-logs.$id.privacy": [S.runPrivacySchema],
  "routes/api.riders": [S.riderSchema],
  "routes/settings_.riders": [S.riderSchema],
  "routes/api.saved-searches": [S.savedSearchCreateSchema],
  "routes/api.saved-searches.$id": [S.savedSearchUpdateSchema],
  "routes/settings_.saved-searches": [S.savedSearchCreateSchema, S.savedSearchUpdateSchema],
  "routes/api.follow": [S.followSchema],
  "routes/api.users.search": [S.peopleSearchSchema],
  "routes/api.reports": [S.userReportSchema],
  "routes/profile.$userId": [S.userReportSchema, S.followSchema],
  "routes/api.events.share": [S.shareEventSchema],
  "routes/api.run-logs.share": [S.shareRunSchema],
  "routes/share-with.$type.$id": [S.shareEventSchema, S.shareRunSchema],
  "routes/api.events.$id.classes": [S.raceClassSchema],
  "routes/api.events.$id.classes.$classId": [S.raceClassPatchSchema],
  "routes/api.events.$id.classes.$classId.draw": [S.raceDrawSchema],
  "routes/api.events.$id.entries": [S.raceEntrySchema],
  "routes/api.events.$id.entries.$entryId": [S.raceEntryPatchSchema],
  "routes/api.events.$id.timers": [S.raceTimerSchema],
  "routes/events_.$id.enter": [S.raceEntrySchema],
  "routes/events_.$id.race-day": [S.raceClassFormSchema, S.raceEntrySchema, S.raceEntryPatchSchema, S.raceDrawSchema, S.raceTimerSchema],
  "routes/api.events.$id.times": [S.raceTimeSchema],
  "routes/api.events.$id.times.$timeId": [S.raceTimeCorrectionSchema],
  "routes/api.events.$id.times.$timeId.rerun": [S.raceRerunSchema],
  "routes/events_.$id.booth": [S.raceTimeSchema, S.raceTimeCorrectionSchema, S.raceRerunSchema],
  "routes/api.events.$id.classes.$classId.overrides.$entryId": [S.payoutOverrideSchema, S.overrideRemovalSchema],
  "routes/events_.$id.results_.$classId": [S.payoutOverrideSchema, S.overrideRemovalSchema],
};
const schemasFor = (routeId: string) => SCHEMAS[routeId] ?? ALL_SCHEMAS;

/** Every intent a screen's forms send, and some no form sends. */
const INTENTS = [
  "add", "approve", "audit", "avatar", "ban", "change-email", "create", "delete", "delete-account", "delete-event", "delete-run",
  "feed-create", "feed-revoke", "follow", "invite-create", "invite-remove", "login", "notify-all", "notify-selected", "preferences",
  "pause", "privacy", "profile", "read", "read-all", "reject", "remove", "report", "resend", "reset-password", "resume", "review-event-report",
  "review-user-report", "save", "share", "showbill", "unfollow", "unsave", "update", "DELETE", "__proto__", "", "x".repeat(3_000),
  "enter", "scratch", "class-create", "class-update", "class-delete", "walk-up", "entry-scratch", "entry-reinstate", "entry-paid", "entry-unpaid",
  "entry-back", "entry-move", "draw", "draw-publish", "timer-add", "timer-remove",
  "time", "undo", "rerun", "correct", "override", "remove-override", "publish",
];
const FORM_KEYS = [
  "id", "eventId", "userId", "targetId", "targetUserId", "runLogId", "inviteId", "redirectTo", "privacy", "privacyMode", "searchRadius",
  "password", "newEmail", "newPassword", "title", "message", "userIds", "confirm", "status", "approved", "name", "reason", "tab",
  "classId", "entryId", "toClassId", "backNumber", "seed", "minGap", "dragEvery", "riderName", "horseName", "horseId", "entryFee", "email",
];
const QUERY_KEYS = [
  "q", "page", "sort", "tab", "kind", "horse", "rider", "arena", "from", "to", "tag", "confirm", "delete", "edit", "redirectTo",
  "zipCode", "radius", "cityState", "startDate", "endDate", "limit", "offset", "cursor", "type", "index", "_data",
];

/* ------------------------------------------------------------------ */
/* Requests.                                                           */
/* ------------------------------------------------------------------ */

type Who = "visitor" | "rider" | "admin";
type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string; bytes: Uint8Array | string }
  | { kind: "form"; fields: [string, string][] }
  | { kind: "multipart"; fields: [string, string][]; file?: { name: string; field: string; type: string; bytes: Uint8Array } };
type Request = { who: Who; params: string[]; rawParams: boolean; query: string; body: Body };

/** Route params: ids that exist (owned or not), and ids that must not reach the database as they are. */
const HOSTILE_PARAMS = ["-1", "0", "1e309", "NaN", "..", "../", "../../etc/passwd", "%00", "%2e%2e%2f", "a".repeat(3_000), "null", "[object Object]", "' OR '1'='1", "<svg onload=alert(1)>", "🤠", "1.5", "99999999999999999999999"];
/** Sent without encoding: what a hand-written URL may carry. */
const RAW_PARAMS = ["%00", "%zz", "%", "..%2F..%2F", "%E0%A4%A", "a%2Fb", ".", "%2e%2e"];

function paramValue(ids: string[]) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_PARAMS) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
  );
}

const queryString = fc.oneof(
  { weight: 2, arbitrary: fc.constant("") },
  {
    weight: 5,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 10 })), fc.oneof(hostileString, fc.constantFrom("1", "2", "recent", "fastest", "none", "users", "showbill"))), { maxLength: 6 })
      // Node refuses a request line and headers over 16 KB itself (431), before the app sees them.
      .map((pairs) => new URLSearchParams(pairs.map(([k, v]) => [k, v.slice(0, 4_000)])).toString().slice(0, 8_000)),
  },
  { weight: 1, arbitrary: fc.constantFrom("%zz=%", "a=%E0%A4%A", "page=1e309&page=-1", "__proto__[isAdmin]=1", "q=" + "x".repeat(8_000), "&&&===") },
);

const bytes = fc.uint8Array({ maxLength: 2_000 });
const INVALID_UTF8 = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]);

function jsonBody(routeId: string, ids: string[]): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...schemasFor(routeId)).chain((s) => shapedObject(s, ids)).map((value) => ({ kind: "json" as const, value })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: "json" as const, value })) },
    {
      weight: 3,
      arbitrary: fc.constantFrom<Body>(
        { kind: "raw", contentType: "application/json", bytes: '{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"isAdmin":true}}}' },
        { kind: "raw", contentType: "application/json", bytes: "[".repeat(20_000) + "]".repeat(20_000) },
        { kind: "raw", contentType: "application/json", bytes: '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000) },
        { kind: "raw", contentType: "application/json", bytes: INVALID_UTF8 },
        { kind: "raw", contentType: "application/json", bytes: "not json" },
        { kind: "raw", contentType: "application/json", bytes: "{" },
        { kind: "raw", contentType: "application/json", bytes: "\u0000" },
        { kind: "raw", contentType: "application/json", bytes: JSON.stringify({ name: "x".repeat(70_000) }) },
        { kind: "raw", contentType: "application/json; charset=utf-16", bytes: '{"a":1}' },
        { kind: "raw", contentType: "text/plain", bytes: '{"email":"a@b.co"}' },
        { kind: "raw", contentType: "multipart/form-data", bytes: "--x\r\n" },
        { kind: "raw", contentType: "multipart/form-data; boundary=zzz", bytes: "--zzz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb" },
        { kind: "raw", contentType: "application/x-www-form-urlencoded", bytes: "%zz=%&a=%E0%A4%A" },
        { kind: "none" },
      ),
    },
    { weight: 1, arbitrary: bytes.map((b) => ({ kind: "raw" as const, contentType: "application/octet-stream", bytes: b })) },
  );
}

function formBody(routeId: string, ids: string[]): fc.Arbitrary<Body> {
  const schemaFields = fc.constantFrom(...schemasFor(routeId)).chain((s) => shapedObject(s, ids));
  const toFields = (obj: Record<string, unknown>): [string, string][] =>
    Object.entries(obj).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, String(x)] as [string, string]) : [[k, typeof v === "object" && v !== null ? JSON.stringify(v) : String(v)] as [string, string]]));
  const fields = fc
    .tuple(
      fc.oneof(fc.constantFrom(...INTENTS), fc.string({ maxLength: 12 })),
      schemaFields,
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FORM_KEYS), fc.string({ maxLength: 8 })), fc.oneof(fc.constantFrom(...ids), hostileString)), { maxLength: 5 }),
    )
    .map(([intent, obj, extra]): [string, string][] => [["intent", intent], ...toFields(obj), ...extra.map(([k, v]) => [k, v.slice(0, 200_000)] as [string, string])]);
  return fc.oneof(
    { weight: 6, arbitrary: fields.map((f) => ({ kind: "form" as const, fields: f })) },
    {
      weight: 2,
      arbitrary: fc.tuple(fields, fc.constantFrom("picture", "video", "showbill", "file"), fc.constantFrom("image/png", "video/mp4", "application/pdf", "image/svg+xml", "text/html"), bytes).map(([f, field, type, b]) => ({
        kind: "multipart" as const,
        fields: f,
        file: { name: "../../evil.png", field, type, bytes: b },
      })),
    },
    { weight: 1, arbitrary: jsonBody(routeId, ids) },
  );
}

/** What one generated request for a route and method looks like. */
function requestFor(routeId: string, method: string, paramNames: string[], ids: string[]): fc.Arbitrary<Request> {
  const isApi = routeId.startsWith("routes/api.");
  const body: fc.Arbitrary<Body> = method === "GET" ? fc.constant({ kind: "none" as const }) : isApi ? jsonBody(routeId, ids) : formBody(routeId, ids);
  return fc.record({
    who: fc.constantFrom<Who>("visitor", "rider", "admin"),
    params: fc.tuple(...paramNames.map(() => paramValue(ids))),
    rawParams: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    query: queryString,
    body,
  }).chain((r) => (r.rawParams && r.params.length ? fc.tuple(...r.params.map(() => fc.constantFrom(...RAW_PARAMS))).map((raw) => ({ ...r, params: raw })) : fc.constant(r)));
}

/* ------------------------------------------------------------------ */
/* Routes of the build.                                                */
/* ------------------------------------------------------------------ */

/** The URL pattern of a route, joined from its parents: "api/events/:id/save". */
function patternOf(routeId: string) {
  const parts: string[] = [];
  for (let r: ServerBuild["routes"][string] | undefined = build.routes[routeId]; r; r = r.parentId ? build.routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return parts.join("/");
}
const paramNamesOf = (pattern: string) => pattern.split("/").filter((s) => s.startsWith(":") || s === "*");
function urlOf(pattern: string, params: string[], raw: boolean, query: string) {
  let i = 0;
  const pathname = pattern
    .split("/")
    .map((segment) => (segment.startsWith(":") || segment === "*" ? (raw ? params[i++]! : encodeURIComponent(params[i++]!)) : segment))
    .join("/");
  return `/${pathname}${query ? `?${query}` : ""}`;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/* ------------------------------------------------------------------ */
/* Callers and the records they own.                                   */
/* ------------------------------------------------------------------ */

type Cast = { clients: Record<Who, Client>; ids: string[] };

/** A fresh rider and admin per route (a fuzzed logout or ban in one route never carries over), and records they own. */
async function cast(): Promise<Cast> {
  const rider = createUser(app.db, { privacyMode: "PUBLIC" });
  const admin = createUser(app.db, { isAdmin: true });
  const other = createUser(app.db, { privacyMode: "PUBLIC" });
  const event = createEvent(app.db, { createdBy: rider.id, showbillApproved: false });
  const othersEvent = createEvent(app.db, { createdBy: other.id });
  const run = createRun(app.db, rider.id, { privacy: "PUBLIC" });
  const othersRun = createRun(app.db, other.id, { privacy: "PUBLIC" });
  const riderProfile = createRider(app.db, rider.id);
  const invite = createInvite(app.db, rider.id);
  const request = createFollowRequest(app.db, other.id, rider.id);
  const search = await createSavedSearch(app.db, rider.id);
  const othersSearch = await createSavedSearch(app.db, other.id);
  // A race of the rider's (a class, one of their entries and a walk-up) and a class of someone else's.
  const race = createEvent(app.db, { createdBy: rider.id, date: "2031-06-14" });
  const raceClass = app.db.insert(raceClasses).values({ eventId: race.id, name: "Open 4D", entryFeeCents: 5000, payout: defaultPayout(1) }).returning().get();
  const othersClass = app.db.insert(raceClasses).values({ eventId: othersEvent.id, name: "Youth", entryFeeCents: 2500, payout: defaultPayout(1) }).returning().get();
  const entry = app.db.insert(raceEntries).values({ eventId: race.id, classId: raceClass.id, userId: rider.id, riderName: "Fuzz Rider", horseName: "Dash" }).returning().get();
  const walkUp = app.db.insert(raceEntries).values({ eventId: race.id, classId: raceClass.id, riderName: "Walk Up", horseName: "Gate" }).returning().get();
  // The rider's entry has run: a time to correct, undo or rerun, results to review and publish.
  const time = app.db.insert(raceTimes).values({ eventId: race.id, classId: raceClass.id, entryId: entry.id, clientId: `fuzz-${entry.id}`, outcome: "TIME", timeMs: 15_482 }).returning().get();
  const notification = app.db.insert(notifications).values({ userId: rider.id, type: "admin", subtype: "announcement", title: "Hi", message: "Hello" }).returning().get();
  const clients = { visitor: app.client(), rider: app.client(), admin: app.client() };
  await signIn(clients.rider, rider.email);
  await signIn(clients.admin, admin.email);
  forgetBaseline();
  const ids = [rider.id, other.id, admin.id, event.id, othersEvent.id, run.id, othersRun.id, String(riderProfile.id), String(invite.id), invite.code, String(request.id), String(notification.id), String(search.id), String(othersSearch.id), "event", "run-log", race.id, raceClass.id, othersClass.id, entry.id, walkUp.id, time.id, time.clientId];
  return { clients, ids };
}

/* ------------------------------------------------------------------ */
/* Sending one request and checking the answer.                        */
/* ------------------------------------------------------------------ */

/**
 * console.error is collected per request: a logged error is a failure of that
 * request. One development-only React warning is let through: a form posted
 * back with a repeated field (groundType=a&groundType=b) gives a <select> of
 * the add-event and run forms an array as its defaultValue; production React
 * says nothing and the page renders (reported, not fixed here).
 */
const KNOWN_WARNING = /^Warning: The `%s` prop supplied to <select> must be a scalar value if `multiple` is false/;
let logged: string[] = [];
beforeEach(() => {
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
    const line = args.map(String).join(" ");
    if (!KNOWN_WARNING.test(line)) logged.push(line);
  });
});

let sent = 0;
const statuses = new Map<number, number>();

async function send(who: Client, method: string, url: string, body: Body) {
  const init: RequestInit = { method };
  if (body.kind === "json") {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body.value);
  } else if (body.kind === "raw") {
    init.headers = { "Content-Type": body.contentType };
    init.body = typeof body.bytes === "string" ? body.bytes : new Uint8Array(body.bytes);
  } else if (body.kind === "form") {
    init.headers = { "Content-Type": "application/x-www-form-urlencoded" };
    init.body = new URLSearchParams(body.fields).toString();
  } else if (body.kind === "multipart") {
    const form = new FormData();
    for (const [k, v] of body.fields) form.append(k, v);
    if (body.file) form.append(body.file.field, new Blob([new Uint8Array(body.file.bytes)], { type: body.file.type }), body.file.name);
    init.body = form;
  }
  sent += 1;
  return who.fetch(url, init);
}

async function check(routeId: string, method: string, pattern: string, c: Cast, req: Request) {
  const url = urlOf(pattern, req.params, req.rawParams, req.query);
  const describeRequest = () => `${req.who} ${method} ${url.slice(0, 300)} ${JSON.stringify(req.body).slice(0, 300)}`;
  refreshBaseline();
  logged = [];
  const res = await send(c.clients[req.who], method, url, req.body);
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  const type = res.headers.get("content-type") ?? "";
  const text = type.startsWith("text/event-stream") ? (await res.body?.cancel(), "") : await res.text();

  expect(res.status, describeRequest()).toBeLessThan(500);
  expect(logged.join("\n"), `logged while answering ${describeRequest()}`).toBe("");
  if (new URL(url, "http://x").pathname.startsWith("/api/") && res.status >= 400) {
    expect(type, describeRequest()).toContain("application/json");
    const message = (JSON.parse(text) as { message?: unknown }).message;
    expect(typeof message === "string" && message.length > 0, `${describeRequest()}: ${text.slice(0, 200)}`).toBe(true);
  }
  if (res.status >= 400) expect(changedTables().join(", "), `tables changed by a refused request (${res.status}): ${describeRequest()}`).toBe("");
  return res.status;
}

/* ------------------------------------------------------------------ */
/* The properties.                                                     */
/* ------------------------------------------------------------------ */

describe("bad input to every route", () => {
  it("sees a changed row (the check below is not blind)", async () => {
    const c = await cast();
    refreshBaseline();
    const res = await c.clients.rider.json("/api/riders", "POST", { name: "Junior" });
    expect(res.status).toBe(201);
    expect(changedTables()).toEqual(["riders"]);
    refreshBaseline();
    expect(changedTables()).toEqual([]);
  });

  const routeIds = () =>
    Object.values(build.routes)
      .filter((r) => r.id !== "root" && (r.module.loader || r.module.action))
      .map((r) => r.id)
      .sort();

  it("answers every method of every route below 500, /api errors as JSON with a message, and changes nothing when it refuses", async () => {
    const started = Date.now();
    let properties = 0;
    for (const [index, routeId] of routeIds().entries()) {
      const route = build.routes[routeId]!;
      const pattern = patternOf(routeId);
      const paramNames = paramNamesOf(pattern);
      const c = await cast();
      const isApi = routeId.startsWith("routes/api.");
      // Which methods the route takes: a screen's loader (GET) and action (POST); an /api route answers 405 for the others.
      const accepted: string[] = [];
      for (const method of METHODS) {
        const probe: Request = { who: "admin", params: paramNames.map(() => c.ids[0]!), rawParams: false, query: "", body: method === "GET" ? { kind: "none" } : { kind: "json", value: {} } };
        const status = await check(routeId, method, pattern, c, probe);
        const takes = isApi ? status !== 405 : method === "GET" ? Boolean(route.module.loader) : method === "POST" && Boolean(route.module.action);
        if (takes) accepted.push(method);
      }
      for (const method of accepted) {
        properties += 1;
        await fc.assert(
          fc.asyncProperty(requestFor(routeId, method, paramNames, c.ids), async (req) => {
            await check(routeId, method, pattern, c, req);
          }),
          { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
        );
      }
    }
    // The server runs in this process: a prototype-pollution key that got through would show here.
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const refused = [...statuses].filter(([status]) => status >= 400).reduce((n, [, count]) => n + count, 0);
    console.log(JSON.stringify({ fuzz: { routes: routeIds().length, properties, requests: sent, refused, statuses: Object.fromEntries(statuses), seconds: Math.round((Date.now() - started) / 1000) } }));
  }, 300_000);
});
