import { extendZodWithOpenApi, OpenAPIRegistry, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z, type AnyZodObject, type ZodTypeAny } from "zod";
import { SESSION_COOKIE } from "~/lib/session.server";

// Adds `.openapi()` to zod's types. Server-only: this module and the area files are read only by
// the document's resource route, so neither the library nor the registrations reach the browser.
extendZodWithOpenApi(z);

export { z };

type Method = "get" | "post" | "put" | "patch" | "delete";

/** Who may call an operation: anyone, a signed-in user (401 otherwise), or an administrator (403 for others). */
export type Access = "public" | "user" | "admin";

/** The error answer of every /api route (app/lib/http.server.ts `jsonError`). */
export const ErrorBody = z
  .object({
    message: z.string().openapi({ description: "What went wrong, in words a user can read." }),
    errors: z
      .record(z.array(z.string()))
      .optional()
      .openapi({ description: "On 400 for a JSON body that breaks the schema: the messages of each field." }),
    code: z.string().optional().openapi({ description: "A machine-readable reason where there is one (`body_too_large`)." }),
  })
  .passthrough()
  .openapi("Error");

/** A success answer that only says what was done. */
export const MessageBody = z.object({ message: z.string() }).openapi("Message");

const ERROR_TEXT: Record<number, string> = {
  400: "The request is malformed or breaks a rule: `message` says which.",
  401: "Not signed in, or the session has ended.",
  403: "Signed in, but not allowed; also a state-changing request from another origin.",
  404: "Not found, or not visible to this user (answered alike, so nothing leaks).",
  409: "In conflict with what is stored (a duplicate).",
  413: "The body or the file is too large.",
  415: "The file's type is not accepted.",
  429: "Too many requests in the limit's window: `message` says how long to wait.",
  503: "The server cannot store anything right now: try again after `Retry-After`.",
};

/** One operation, as the area files describe it; `path` in OpenAPI form (`/api/events/{id}`). */
export type Operation = {
  /**
   * The operation's name for client generators (openapi-generator, orval, Kiota name methods from it):
   * camelCase, a verb and what it acts on (`searchEvents`, `publishClassResults`), unique in the API.
   * Renaming one renames a method in every generated client, so it stays once published.
   */
  operationId: string;
  summary: string;
  description?: string;
  access: Access;
  /** Path parameters, by name: their description (each a string in the path). */
  params?: Record<string, string>;
  query?: AnyZodObject;
  /** A JSON body (the zod schema the route parses it with), or another content type. */
  body?: ZodTypeAny | { contentType: string; schema: ZodTypeAny; description?: string };
  /** The success answers by status; a schema is JSON, or give its content type. */
  responses: Record<number, { description: string; schema?: ZodTypeAny; contentType?: string; headers?: Record<string, string> }>;
  /** Error statuses besides the ones `access`, `params`, `body` and `limited` imply. */
  errors?: number[];
  /** Under a rate limit: may answer 429 with Retry-After. */
  limited?: boolean;
};

/** The registry wrapped with the conventions of this API: errors, the session cookie, path parameters. */
export class ApiDescription {
  readonly registry = new OpenAPIRegistry();

  constructor() {
    this.registry.registerComponent("securitySchemes", "session", {
      type: "apiKey",
      in: "cookie",
      name: SESSION_COOKIE,
      description: "The session cookie set by `POST /api/auth/login` (and by signing in on the site).",
    });
  }

  get = (path: string, op: Operation) => this.add("get", path, op);
  post = (path: string, op: Operation) => this.add("post", path, op);
  put = (path: string, op: Operation) => this.add("put", path, op);
  patch = (path: string, op: Operation) => this.add("patch", path, op);
  delete = (path: string, op: Operation) => this.add("delete", path, op);

  /** A named shape in `components.schemas`, referenced wherever it is used. */
  schema<T extends ZodTypeAny>(name: string, schema: T): T {
    return this.registry.register(name, schema);
  }

  private add(method: Method, path: string, op: Operation) {
    const operation = `${method.toUpperCase()} ${path}`;
    // Checked by tests/api/openapi.test.ts, which names each operation without one, or with a name
    // not camelCase or taken twice; the document is still served meanwhile.
    const { operationId } = op;
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const missing = names.filter((n) => !op.params?.[n]);
    if (missing.length) throw new Error(`${operation}: describe the path parameters ${missing.join(", ")}`);
    const params = names.length
      ? z.object(Object.fromEntries(names.map((n) => [n, z.string().openapi({ description: op.params![n] })])))
      : undefined;

    const request: NonNullable<RouteConfig["request"]> = {};
    if (params) request.params = params;
    if (op.query) request.query = op.query;
    if (op.body) {
      const body = "contentType" in op.body ? op.body : { contentType: "application/json", schema: op.body, description: undefined };
      request.body = { required: true, description: body.description, content: { [body.contentType]: { schema: body.schema } } };
    }

    const responses: RouteConfig["responses"] = {};
    for (const [status, r] of Object.entries(op.responses)) {
      responses[status] = {
        description: r.description,
        ...(r.headers ? { headers: Object.fromEntries(Object.entries(r.headers).map(([k, d]) => [k, { description: d, schema: { type: "string" } }])) } : {}),
        ...(r.schema || r.contentType ? { content: { [r.contentType ?? "application/json"]: { schema: r.schema ?? z.string() } } } : {}),
      };
    }
    const errors = new Set(op.errors ?? []);
    if (op.access !== "public") errors.add(401);
    if (op.access === "admin") errors.add(403);
    if (op.body || op.query) errors.add(400);
    if (op.body && method !== "get") errors.add(413);
    if (op.limited) errors.add(429);
    // Any write may meet a full disk or a busy database.
    if (method !== "get") errors.add(503);
    // Every state-changing request from another origin is refused (server/app.ts).
    if (method !== "get") errors.add(403);
    for (const status of [...errors].sort()) {
      const retry = status === 503;
      responses[String(status)] = {
        description: ERROR_TEXT[status] ?? "Refused: `message` says why.",
        ...(retry ? { headers: { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } } } } : {}),
        content: { "application/json": { schema: ErrorBody } },
      };
    }

    // Whatever else happens, the answer is JSON with a message, never an HTML error page.
    responses.default = { description: "Any other failure.", content: { "application/json": { schema: ErrorBody } } };

    this.registry.registerPath({
      method,
      path,
      operationId,
      summary: op.summary,
      description: op.description,
      tags: [path.split("/")[2] ?? "api"],
      security: op.access === "public" ? [] : [{ session: [] }],
      request: Object.keys(request).length ? request : undefined,
      responses,
    });
  }
}

/** An area's registrations: one file per area under paths/, each a function of the description. */
export type Area = (api: ApiDescription) => void;
