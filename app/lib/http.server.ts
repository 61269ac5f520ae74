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


/** Every /api error answer: JSON with a human-readable `message`. */
export function jsonError(status: number, message: string, extra: Record<string, unknown> = {}) {
  return Response.json({ ...extra, message }, { status });
}

const MAX_JSON_BYTES = 64 * 1024;

/** Reads a JSON body: 413 when oversized, 400 when malformed. */
async function readJson(request: Request): Promise<unknown> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new HttpError(413, "Request body is too large");
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) throw new HttpError(413, "Request body is too large");
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
export async function apiHandler(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) {
      if (error.headers.get("content-type")?.includes("json")) return error;
      return jsonError(error.status, error.statusText || "Request failed");
    }
    if (error instanceof HttpError) return jsonError(error.status, error.message, error.body);
    console.error(error);
    return jsonError(500, "Something went wrong. Please try again.");
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Handler = (args: ActionFunctionArgs) => Promise<Response> | Response;

/**
 * One /api resource route: a handler per method, every failure answered as
 * JSON with a message, and 405 JSON for a method the route does not take.
 * Export the result as both `loader` and `action`.
 */
export function apiRoute(handlers: Partial<Record<Method, Handler>>) {
  return (args: ActionFunctionArgs) =>
    apiHandler(async () => {
      const method = args.request.method === "HEAD" ? "GET" : (args.request.method as Method);
      const handler = handlers[method];
      if (!handler) {
        return jsonError(405, "Method not allowed", {});
      }
      return handler(args);
    });
}
