import type { LoaderFunctionArgs } from "@remix-run/node";
import fs from "node:fs";
import { Readable } from "node:stream";
import { readUpload } from "~/lib/uploads.server";

/**
 * GET /uploads/{name}: stored files under random, never-reused names, so they
 * are cached for a year. The type comes from what the server found in the
 * content when storing it; nosniff (set for every answer by helmet in
 * server/app.ts) and a sandboxing CSP keep a browser from treating a file as
 * anything else.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const found = readUpload(params["*"] ?? "");
  if (!found) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const stat = fs.statSync(found.file);
  const stream = Readable.toWeb(fs.createReadStream(found.file)) as ReadableStream;
  return new Response(stream, {
    headers: {
      "Content-Type": found.contentType,
      "Content-Length": String(stat.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
      "Content-Disposition": "inline",
    },
  });
}
