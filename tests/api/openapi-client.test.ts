import Ajv2020 from "ajv/dist/2020";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import createClient, { type Middleware } from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocatedEvent, createUser, PASSWORD } from "../helpers/factories";
import type { paths } from "../helpers/openapi.generated";
import { API_TYPES_FILE, apiTypes } from "../helpers/openapi-types";
import { TMP_DIR } from "../helpers/paths";
import { createRaceClass } from "../helpers/raceday-factories";
import { approveInto, publishResults } from "../helpers/season-factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * /api/openapi.json as client generators use it: Redocly's recommended
 * rules (redocly.yaml), the types openapi-typescript makes of it (committed
 * in tests/helpers/openapi.generated.ts, so `npm run typecheck` checks the
 * calls below against them), and a client made from those types
 * (openapi-fetch) calling the real server, every answer checked against what
 * the document says of its operation and status.
 */

type Schema = Record<string, unknown>;
type Document = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
  components: Schema;
};

let app: TestServer;
let text: string;
let doc: Document;
beforeAll(async () => {
  app = await startTestServer();
  const res = await app.client().get("/api/openapi.json");
  expect(res.status).toBe(200);
  text = await res.text();
  doc = JSON.parse(text) as Document;
});
afterAll(() => app.close());

/**
 * A client as a generator's user writes one: openapi-fetch over the generated
 * types, keeping the session cookie as a browser would, and refusing any
 * answer whose JSON body is not what the document describes for its
 * operation and status.
 */
function apiClient() {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const cookies = new Map<string, string>();
  const session: Middleware = {
    onRequest({ request }) {
      if (cookies.size) request.headers.set("Cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
      return request;
    },
    onResponse({ response }) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair!.indexOf("=");
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    },
  };
  const documented: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      const operation = `${request.method} ${schemaPath} ${response.status}`;
      const answer = doc.paths[schemaPath]?.[request.method.toLowerCase()]?.responses[String(response.status)];
      if (!answer) throw new Error(`${operation}: not an answer the document describes`);
      const schema = answer.content?.["application/json"]?.schema;
      if (!schema) return;
      const validate = ajv.compile({ ...schema, components: doc.components });
      const body: unknown = await response.clone().json();
      if (!validate(body)) throw new Error(`${operation}: the answer is not what the document describes: ${JSON.stringify(validate.errors)}`);
    },
  };
  const client = createClient<paths>({ baseUrl: app.url });
  client.use(session, documented);
  return client;
}

async function signedIn(email: string) {
  const client = apiClient();
  const { data, error, response } = await client.POST("/api/auth/login", { body: { email, password: PASSWORD } });
  expect(response.status, JSON.stringify(error)).toBe(200);
  expect(data!.email).toBe(email);
  return client;
}

describe("the API description for client generators", () => {
  it("passes Redocly's recommended rules with no warning", () => {
    const file = path.join(TMP_DIR, "openapi.json");
    fs.writeFileSync(file, text);
    const lint = spawnSync(process.execPath, ["node_modules/@redocly/cli/bin/cli.js", "lint", path.relative(".", file), "--format=json"], {
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      timeout: 120_000,
    });
    const report = JSON.parse(lint.stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }> };
    const problems = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(lint.status).toBe(0);
  });

  it("gives the types committed for clients, generated from it", async () => {
    const generated = await apiTypes(text);
    const committed = fs.readFileSync(API_TYPES_FILE, "utf8");
    expect(committed === generated, `${API_TYPES_FILE} is not what openapi-typescript makes of /api/openapi.json: run npm run api:types`).toBe(true);
  });

  it("serves a generated client that signs in, searches a page at a time, enters a race and reads the standings", async () => {
    const rider = createUser(app.db, { firstName: "Typed", lastName: "Client" });
    const producer = createUser(app.db);
    const office = await signedIn(createUser(app.db, { isAdmin: true }).email);
    const client = await signedIn(rider.email);

    // Three events in a month no other test uses, found two at a time.
    const dates = ["2033-03-05", "2033-03-12", "2033-03-19"];
    const made = [];
    for (const date of dates) made.push(await createLocatedEvent(app.db, "76101", { createdBy: producer.id, name: `Typed Jackpot ${date}`, date }));
    const searchPage = (cursor: string | null) =>
      client.POST("/api/events/search", { body: { startDate: "2033-03-01", endDate: "2033-03-31", limit: 2, cursor } });
    const found: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { data, error } = await searchPage(cursor);
      expect(error).toBeUndefined();
      if (!data || Array.isArray(data)) throw new Error("a search with limit answers a page");
      found.push(...data.events.map((e) => e.id));
      cursor = data.nextCursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(found).toEqual(made.map((e) => e.id));

    // The office makes a series; the rider enters the first race, which counts in it.
    const series = await office.POST("/api/series", { body: { name: "Typed Series", startDate: "2033-01-01", endDate: "2033-12-31", classNames: ["Open 2D"] } });
    expect(series.response.status, JSON.stringify(series.error)).toBe(201);
    const seriesId = series.data!.series.id;
    const race = made[0]!;
    const cls = createRaceClass(app.db, race.id, { name: "Open 2D" });
    approveInto(app.db, seriesId, race.id);
    const entered = await client.POST("/api/events/{id}/entries", { params: { path: { id: race.id } }, body: { classId: cls.id, horseName: "Typed Dash" } });
    expect(entered.response.status, JSON.stringify(entered.error)).toBe(201);
    expect(entered.data!.horseName).toBe("Typed Dash");
    const again = await client.POST("/api/events/{id}/entries", { params: { path: { id: race.id } }, body: { classId: cls.id, horseName: "Typed Dash" } });
    expect(again.response.status).toBe(409);
    expect(again.error!.message).toBeTruthy();

    publishResults(app.db, cls, [{ entry: entered.data!, place: 1, totalMs: 15_482, moneyCents: 12_000 }]);
    const { data: standings } = await client.GET("/api/series/{id}/standings", { params: { path: { id: seriesId } } });
    expect(standings!.className).toBe("Open 2D");
    expect(standings!.standings).toEqual([expect.objectContaining({ place: 1, horseName: "Typed Dash", userId: rider.id, moneyCents: 12_000, racesCounted: 1 })]);
  });
});

/** Never called: the typecheck proves the generated types refuse what the API refuses. */
export function refusedByTheTypes(client: ReturnType<typeof apiClient>) {
  // @ts-expect-error limit is a number
  void client.POST("/api/events/search", { body: { startDate: "2033-03-01", limit: "2" } });
  // @ts-expect-error an entry names its class
  void client.POST("/api/events/{id}/entries", { params: { path: { id: "x" } }, body: { horseName: "Dash" } });
  // @ts-expect-error the standings need the series' id
  void client.GET("/api/series/{id}/standings", {});
}
