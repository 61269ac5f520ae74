import type { ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";

/** Thrown by server functions for an expected failure the user can act on. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * Runs a page's loader or action work (sync or async); an HttpError it throws
 * becomes the thrown Response that the error boundary (app/root.tsx) shows,
 * with the error's status and message. With `statuses`, only those become a
 * page, and the others go on as thrown, for an action that answers the rest
 * with a toast. Anything that is not an HttpError goes on as thrown.
 */
export function asPage<T>(run: () => T, { statuses }: { statuses?: readonly number[] } = {}): T {
  const answer = (error: unknown): never => {
    if (error instanceof HttpError && (!statuses || statuses.includes(error.status))) throw new Response(error.message, { status: error.status });
    throw error;
  };
  let result: T;
  try {
    result = run();
  } catch (error) {
    return answer(error);
  }
  return (result instanceof Promise ? result.catch(answer) : result) as T;
}

/** What a user is told when the server cannot store anything: nothing they did, nothing they can fix. */
export const SERVICE_UNAVAILABLE = "Service unavailable: the server cannot save changes right now. Please try again later.";

/**
 * A full disk, a read-only or failing database or upload folder, or a
 * database whose write lock stayed taken for the whole busy timeout (20 s:
 * db/client.ts): SQLite's codes (better-sqlite3 names them, extended ones
 * included, such as SQLITE_READONLY_DBMOVED or SQLITE_IOERR_WRITE) and the
 * file system's. Each means the server cannot save right now, not that the
 * request was wrong.
 */
const STORAGE_CODE = /^(SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY)(_\w+)?|ENOSPC|EROFS|EACCES|EDQUOT)$/;

/**
 * When a write last failed for want of storage. On globalThis, not in a module
 * variable, so that the health check answered by the HTTP layer (server/app.ts)
 * sees the failures that the Remix build's copy of this module notes.
 */
const FAILED_AT = Symbol.for("cloverleaf.storageFailedAt");
type FailureHolder = { [FAILED_AT]?: number };
const failures = globalThis as FailureHolder;

/** The failure's storage code, looking through wrappers (drizzle puts the SQLite error in `cause`), or null. */
function storageCode(error: unknown): string | null {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === "string" && STORAGE_CODE.test(code)) return code;
  }
  return null;
}

/** The one test for "the server cannot store anything right now": such a failure answers 503. */
export const isStorageFailure = (error: unknown) => storageCode(error) !== null;

/**
 * Logs a storage failure (code and path only: a failed query's parameters
 * can hold password hashes) and remembers it for the health check.
 */
export function noteStorageFailure(error: unknown, request?: Request) {
  failures[FAILED_AT] = Date.now();
  const path = request ? new URL(request.url).pathname : undefined;
  console.error(JSON.stringify({ level: "error", msg: "storage unavailable", code: storageCode(error), method: request?.method, path }));
}

/**
 * For a form target without a page of its own (a resource route that turns
 * its expected failures into toasts): a storage failure answers the same 503
 * as every page, with a small page saying so, instead of Remix's bare 500.
 */
export function rethrowStorageFailure(error: unknown, request: Request) {
  if (!isStorageFailure(error)) return;
  noteStorageFailure(error, request);
  const page = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Service unavailable</title><main style="font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1.5rem"><h1>Service unavailable</h1><p>${SERVICE_UNAVAILABLE}</p><p><a href="/">Go Home</a></p></main></html>`;
  throw new Response(page, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Retry-After": "60" } });
}

/** Whether a write has failed for want of storage since `time` (ms). */
export const storageFailedSince = (time: number) => (failures[FAILED_AT] ?? 0) >= time;

/** Every /api error answer: JSON with a human-readable `message`. */
export function jsonError(status: number, message: string, extra: Record<string, unknown> = {}) {
  return Response.json({ ...extra, message }, { status });
}

const MAX_JSON_BYTES = 64 * 1024;

/** Reads a JSON body: 413 when oversized, 400 when malformed. */
async function readJson(request: Request): Promise<unknown> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new HttpError(413, "Request body is too large", { code: "body_too_large" });
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) throw new HttpError(413, "Request body is too large", { code: "body_too_large" });
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Request body must be valid JSON");
  }
}

/** Parses a JSON body with a shared schema; the first issue becomes the message. */
export async function parseJson<S extends z.ZodTypeAny>(request: Request, schema: S) {
  const body = await readJson(request);
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new HttpError(400, issue?.message ?? "Invalid request", {
      errors: result.error.flatten().fieldErrors,
    });
  }
  return result.data as z.infer<S>;
}

/**
 * Wraps an /api handler so that every failure, expected or not, answers JSON
 * with a message and never an HTML error page.
 */
export async function apiHandler(run: () => Promise<Response>, request?: Request): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) {
      if (error.headers.get("content-type")?.includes("json")) return error;
      return jsonError(error.status, error.statusText || "Request failed");
    }
    if (error instanceof HttpError) return jsonError(error.status, error.message, error.body);
    if (isStorageFailure(error)) {
      noteStorageFailure(error, request);
      return unavailable();
    }
    console.error(error);
    return jsonError(500, "Something went wrong. Please try again.");
  }
}

/** 503 for /api when storage fails; clients may retry after a minute. */
function unavailable() {
  return Response.json({ message: SERVICE_UNAVAILABLE }, { status: 503, headers: { "Retry-After": "60" } });
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Handler = (args: ActionFunctionArgs) => Promise<Response> | Response;

/**
 * One /api resource route: a handler per method, every failure answered as
 * JSON with a message, and 405 JSON for a method the route does not take.
 * Export the result as both `loader` and `action`. The result carries the
 * methods it takes (`methods`), so the API's description can be checked
 * against the routes the build really has (tests/api/openapi.test.ts).
 */
export function apiRoute(handlers: Partial<Record<Method, Handler>>) {
  const route = (args: ActionFunctionArgs) =>
    apiHandler(async () => {
      const method = args.request.method === "HEAD" ? "GET" : (args.request.method as Method);
      const handler = handlers[method];
      if (!handler) {
        return jsonError(405, "Method not allowed", {});
      }
      return handler(args);
    }, args.request);
  return Object.assign(route, { methods: Object.keys(handlers) as Method[] });
}
