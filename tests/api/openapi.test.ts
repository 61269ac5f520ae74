import type { ServerBuild } from "@remix-run/node";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent, createLocatedEvent, PASSWORD, signedInRider } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }>; schemas: Record<string, unknown> };
};
type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};

/** Answered by the HTTP layer ahead of Remix (server/app.ts): described, but no route of the build. */
const BEFORE_REMIX = ["GET /api/health"];

let app: TestServer;
let build: ServerBuild;
let doc: Document;
beforeAll(async () => {
  app = await startTestServer();
  build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const res = await app.client().get("/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  doc = (await res.json()) as Document;
});
afterAll(() => app.close());

/** A route's URL in OpenAPI form, with its parents' segments: "/api/events/{id}/ics". */
function pathOf(routeId: string) {
  const parts: string[] = [];
  for (let r = build.routes[routeId]; r; r = r.parentId ? build.routes[r.parentId]! : undefined!) {
    if (r.path) parts.unshift(r.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/").replace(/:(\w+)/g, "{$1}");
}

/** The methods a route module answers: what its `apiRoute` takes, or GET for a bare loader. */
function methodsOf(routeId: string): string[] {
  const mod = build.routes[routeId]!.module as { loader?: { methods?: string[] }; action?: { methods?: string[] } };
  const declared = mod.loader?.methods ?? mod.action?.methods;
  if (declared) return declared;
  if (mod.action) throw new Error(`${routeId}: an action not made with apiRoute; its methods cannot be read`);
  return mod.loader ? ["GET"] : [];
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/** Checks a real answer: its status, and its body against what the document says of that operation and status. */
function answerChecker() {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  /** The documented answer of an operation and status, with the document's components for its $refs. */
  const answerOf = (method: string, p: string, status: number) => {
    const schema = doc.paths[p]![method]!.responses[String(status)]!.content!["application/json"]!.schema!;
    return ajv.compile({ ...schema, components: doc.components });
  };
  return async (res: Response, method: string, p: string, status = 200) => {
    const body = await res.json();
    expect(res.status, `${method.toUpperCase()} ${p}: ${JSON.stringify(body)}`).toBe(status);
    const validate = answerOf(method, p, res.status);
    expect(validate(body), `${method.toUpperCase()} ${p} ${res.status}: ${JSON.stringify(validate.errors)}`).toBe(true);
    return body;
  };
}

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes every method of every /api route of the build, and nothing else", async () => {
    const routes = Object.keys(build.routes).filter((id) => id.startsWith("routes/api.") && id !== "routes/api.$");
    expect(routes.length).toBeGreaterThan(80);
    const built = routes.flatMap((id) => methodsOf(id).map((m) => `${m} ${pathOf(id)}`)).sort();
    const described = Object.entries(doc.paths)
      .flatMap(([p, ops]) => Object.keys(ops).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    const routeOnly = built.filter((op) => !described.includes(op));
    const docOnly = described.filter((op) => !built.includes(op) && !BEFORE_REMIX.includes(op));
    expect(routeOnly, "routes of the build without an entry (app/features/openapi/paths/)").toEqual([]);
    expect(docOnly, "entries without a route of the build").toEqual([]);
    for (const op of BEFORE_REMIX) expect(described).toContain(op);
  });

  it("names every operation for client generators: an operationId, camelCase, unique", () => {
    const named = new Map<string, string[]>();
    const missing: string[] = [];
    const badlyNamed: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!METHODS.includes(method)) continue;
        const where = `${method.toUpperCase()} ${p}`;
        if (!op.operationId) missing.push(where);
        else if (!/^[a-z][a-zA-Z0-9]*$/.test(op.operationId)) badlyNamed.push(`${where}: ${op.operationId}`);
        else named.set(op.operationId, [...(named.get(op.operationId) ?? []), where]);
      }
    }
    const where = "(its entry in app/features/openapi/paths/)";
    expect(missing, `operations without an operationId ${where}: name each (camelCase, a verb and its object: searchEvents)`).toEqual([]);
    expect(badlyNamed, `operationIds that are not camelCase ${where}`).toEqual([]);
    const twice = [...named].filter(([, ops]) => ops.length > 1).map(([id, ops]) => `${id}: ${ops.join(", ")}`);
    expect(twice, `operationIds given to more than one operation ${where}`).toEqual([]);
    // Generated clients name their methods from these: a rename breaks every client, so the known ones stay.
    expect(named.get("searchEvents")).toEqual(["POST /api/events/search"]);
    expect(named.get("publishClassResults")).toEqual(["POST /api/events/{id}/classes/{classId}/results/publish"]);
    expect(named.get("signIn")).toEqual(["POST /api/auth/login"]);
    expect(named.size).toBeGreaterThanOrEqual(146);
  });

  it("names the catch-all 404 nowhere and answers its own route", async () => {
    expect(Object.keys(doc.paths).filter((p) => p.includes("*"))).toEqual([]);
    expect(build.routes["routes/api.openapi[.]json"]).toBeDefined();
  });

  it("gives every operation its error answer, its path parameters and the session cookie where it needs one", () => {
    const scheme = doc.components.securitySchemes.session!;
    expect(scheme).toEqual(expect.objectContaining({ type: "apiKey", in: "cookie", name: "__session" }));
    for (const [p, ops] of Object.entries(doc.paths)) {
      const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${p}`;
        const params = (op.parameters ?? []).filter((q) => q.in === "path");
        expect(params.map((q) => q.name).sort(), where).toEqual([...names].sort());
        expect(params.every((q) => q.required), where).toBe(true);
        const errors = Object.entries(op.responses).filter(([status]) => status === "default" || Number(status) >= 400);
        expect(Object.keys(op.responses), `${where} has no answer for other failures`).toContain("default");
        for (const [status, res] of errors) {
          expect(res.content?.["application/json"]?.schema?.$ref, `${where} ${status}`).toBe("#/components/schemas/Error");
        }
        const secured = (op.security ?? []).some((s) => "session" in s);
        if (secured) expect(Object.keys(op.responses), where).toContain("401");
        if (["post", "put", "patch", "delete"].includes(method)) expect(Object.keys(op.responses), where).toContain("403");
      }
    }
    // Signing in is public; a rider's data is not.
    expect(doc.paths["/api/auth/login"]!.post!.security).toEqual([]);
    expect(doc.paths["/api/run-logs"]!.get!.security).toEqual([{ session: [] }]);
  });

  it("describes request bodies with the routes' own schemas", () => {
    const login = doc.paths["/api/auth/login"]!.post!.requestBody!.content["application/json"] as { schema: { required: string[] } };
    expect(login.schema.required).toEqual(expect.arrayContaining(["email", "password"]));
    const search = doc.paths["/api/events/search"]!.post!.requestBody!.content["application/json"] as {
      schema: { properties: Record<string, { minimum?: number; maximum?: number }> };
    };
    expect(search.schema.properties.limit).toMatchObject({ minimum: 1, maximum: 100 });
    expect(search.schema.properties.cursor).toBeDefined();
    expect(doc.paths["/api/horses/{id}/documents"]!.post!.requestBody!.content["multipart/form-data"]).toBeDefined();
  });

  it("stays out of the browser's code", () => {
    const scripts = fs.readdirSync("public/build", { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    const leaking = scripts.filter((f) => /OpenApiGeneratorV31|securitySchemes|extendZodWithOpenApi/.test(fs.readFileSync(path.join("public/build", f), "utf8")));
    expect(leaking).toEqual([]);
  });

  it("answers the same document each time, without a session", async () => {
    const again = await app.client().get("/api/openapi.json");
    expect(await again.json()).toEqual(doc);
  });

  it("describes the answers the routes really give", async () => {
    const check = answerChecker();

    const { user, client } = await signedInRider(app, { homeZipCode: "76101" });
    await createLocatedEvent(app.db, "76101", { name: "Described Classic", date: "2031-04-04", endDate: "2031-04-05" });
    const login = app.client();
    await check(await login.json("/api/auth/login", "POST", { email: user.email, password: PASSWORD }), "post", "/api/auth/login");
    await check(await login.json("/api/auth/login", "POST", { email: user.email, password: "wrong-password" }), "post", "/api/auth/login", 401);
    await check(await client.get("/api/auth/user"), "get", "/api/auth/user");
    const found = await check(await client.json("/api/events/search", "POST", { zipCode: "76101", radius: 50 }), "post", "/api/events/search");
    expect(found.length).toBeGreaterThan(0);
    await check(await client.json("/api/events/search", "POST", { zipCode: "76101", radius: 50, limit: 1 }), "post", "/api/events/search");
    await check(await client.json("/api/events/search", "POST", { zipCode: "76101", radius: 50, limit: 0 }), "post", "/api/events/search", 400);
    await check(await client.get(`/api/events/${found[0].id}`), "get", "/api/events/{id}");
    const horse = await check(await client.json("/api/horses", "POST", { name: "Described Dash" }), "post", "/api/horses", 201);
    await check(await client.get("/api/horses?view=records"), "get", "/api/horses");
    const run = await check(
      await client.json("/api/run-logs", "POST", { arenaName: "Described Arena", arenaType: "indoor", time: "15.123", horseId: horse.id, tags: ["clean-run"] }),
      "post",
      "/api/run-logs",
      201,
    );
    await check(await client.get("/api/run-logs"), "get", "/api/run-logs");
    await check(await client.json(`/api/run-logs/${run.id}/privacy`, "PATCH", { privacy: "PUBLIC" }), "patch", "/api/run-logs/{id}/privacy");
    await check(await client.json("/api/saved-searches", "POST", { name: "Near home", zipCode: "76101", radius: 50 }), "post", "/api/saved-searches", 201);
    await check(await client.get("/api/saved-searches"), "get", "/api/saved-searches");
    await check(await client.get("/api/notifications"), "get", "/api/notifications");
    await check(await client.json("/api/riders", "POST", { name: "Described Rider" }), "post", "/api/riders", 201);
    await check(await app.client().get("/api/auth/user"), "get", "/api/auth/user", 401);
  });

  it("describes the answers of race day and the season", async () => {
    const check = answerChecker();
    const { user: producer, client: booth } = await signedInRider(app, { homeZipCode: "76101" });
    const { user: rider, client: entrant } = await signedInRider(app, { firstName: "Described", lastName: "Entrant" });
    const { client: office } = await signedInRider(app, { isAdmin: true });
    const visitor = app.client();
    const event = createEvent(app.db, { createdBy: producer.id, name: "Described Jackpot", date: "2031-06-14" });
    const classes = `/api/events/${event.id}/classes`;

    const cls = await check(await booth.json(classes, "POST", { name: "Open 2D", entryFeeCents: 5000, addedMoneyCents: 10000, divisions: 2 }), "post", "/api/events/{id}/classes", 201);
    await check(await booth.json(classes, "POST", { name: "Open 2D", entryFeeCents: 50.5 }), "post", "/api/events/{id}/classes", 400);
    await check(await visitor.get(classes), "get", "/api/events/{id}/classes");
    const entry = await check(
      await entrant.json(`/api/events/${event.id}/entries`, "POST", { classId: cls.id, horseName: "Described Dash" }),
      "post",
      "/api/events/{id}/entries",
      201,
    );
    await check(await entrant.json(`/api/events/${event.id}/entries`, "POST", { classId: cls.id, horseName: "Described Dash" }), "post", "/api/events/{id}/entries", 409);
    const walkUp = await check(await booth.json(`/api/events/${event.id}/entries`, "POST", { classId: cls.id, riderName: "Walk Up", horseName: "Gate" }), "post", "/api/events/{id}/entries", 201);
    await check(await entrant.get(`/api/events/${event.id}/entries`), "get", "/api/events/{id}/entries");
    await check(await booth.get(`/api/events/${event.id}/entries`), "get", "/api/events/{id}/entries");
    await check(await visitor.get(`${classes}/${cls.id}/draw`), "get", "/api/events/{id}/classes/{classId}/draw", 404);
    await check(await booth.json(`${classes}/${cls.id}/draw`, "POST", { publish: true }), "post", "/api/events/{id}/classes/{classId}/draw");
    await check(await visitor.get(`${classes}/${cls.id}/draw`), "get", "/api/events/{id}/classes/{classId}/draw");
    await check(await booth.json(`/api/events/${event.id}/timers`, "POST", { email: rider.email }), "post", "/api/events/{id}/timers", 201);
    await check(await booth.get(`/api/events/${event.id}/timers`), "get", "/api/events/{id}/timers");

    // The rider's entry runs (and so stands in the series); the walk-up goes off pattern.
    const time = await check(
      await entrant.json(`/api/events/${event.id}/times`, "POST", { entryId: entry.id, outcome: "TIME", time: "15.482", clientId: "described-1" }),
      "post",
      "/api/events/{id}/times",
      201,
    );
    await check(await booth.json(`/api/events/${event.id}/times/${time.id}`, "PATCH", { penalties: 1, reason: "Tipped the first" }), "patch", "/api/events/{id}/times/{timeId}");
    await check(await booth.json(`${classes}/${cls.id}/results/publish`, "POST", {}), "post", "/api/events/{id}/classes/{classId}/results/publish", 409);
    await check(await booth.json(`/api/events/${event.id}/times`, "POST", { entryId: walkUp.id, outcome: "NT", clientId: "described-2" }), "post", "/api/events/{id}/times", 201);
    await check(await booth.get(`${classes}/${cls.id}/results`), "get", "/api/events/{id}/classes/{classId}/results");
    await check(await booth.json(`${classes}/${cls.id}/overrides/${entry.id}`, "PUT", { amountCents: 12345, reason: "Added a buckle" }), "put", "/api/events/{id}/classes/{classId}/overrides/{entryId}");
    await check(await booth.json(`${classes}/${cls.id}/results/publish`, "POST", {}), "post", "/api/events/{id}/classes/{classId}/results/publish");
    const undone = await check(await booth.json(`/api/events/${event.id}/times/described-2`, "DELETE"), "delete", "/api/events/{id}/times/{timeId}");
    expect(undone.voided).toBe(true);
    await check(await booth.json(`/api/events/${event.id}/times/${time.id}/rerun`, "POST", { reason: "Flag fell" }), "post", "/api/events/{id}/times/{timeId}/rerun");
    await check(await booth.json(`${classes}/${cls.id}/overrides/${entry.id}`, "DELETE", {}), "delete", "/api/events/{id}/classes/{classId}/overrides/{entryId}", 400);
    await check(await booth.json(`${classes}/${cls.id}/overrides/${entry.id}`, "DELETE", { reason: "Buckle paid apart" }), "delete", "/api/events/{id}/classes/{classId}/overrides/{entryId}");
    await check(await visitor.get(`${classes}/${cls.id}/results`), "get", "/api/events/{id}/classes/{classId}/results");
    await check(await booth.json(`/api/events/${event.id}/entries/${entry.id}`, "PATCH", { paid: true }), "patch", "/api/events/{id}/entries/{entryId}");

    const made = await check(
      await office.json("/api/series", "POST", { name: "Described Series", startDate: "2031-01-01", endDate: "2031-12-31", classNames: ["Open 2D"] }),
      "post",
      "/api/series",
      201,
    );
    await check(await office.json("/api/series", "POST", { name: "Backwards", startDate: "2031-12-31", endDate: "2031-01-01", classNames: ["Open 2D"] }), "post", "/api/series", 400);
    await check(await booth.json(`/api/series/${made.series.id}/events`, "POST", { eventId: event.id }), "post", "/api/series/{id}/events", 202);
    await check(await office.json(`/api/series/${made.series.id}/events/${event.id}`, "PATCH", { approved: true }), "patch", "/api/series/{id}/events/{eventId}");
    await check(await visitor.get("/api/series"), "get", "/api/series");
    await check(await office.get(`/api/series/${made.series.id}`), "get", "/api/series/{id}");
    const standings = await check(await visitor.get(`/api/series/${made.series.id}/standings`), "get", "/api/series/{id}/standings");
    expect(standings.standings.length).toBeGreaterThan(0);
    await check(await visitor.get(`/api/series/${made.series.id}/standings?division=9`), "get", "/api/series/{id}/standings", 400);
    await check(await office.json(`/api/series/${made.series.id}`, "PATCH", { bestOf: 3 }), "patch", "/api/series/{id}");
    const road = await check(await entrant.get(`/api/users/${rider.id}/qualification`), "get", "/api/users/{id}/qualification");
    expect(road.qualification.length).toBeGreaterThan(0);
    await check(await office.json(`/api/series/${made.series.id}`, "DELETE"), "delete", "/api/series/{id}");
    await check(await booth.json(`/api/events/${event.id}/timers/${rider.id}`, "DELETE"), "delete", "/api/events/{id}/timers/{userId}");
  });
});
