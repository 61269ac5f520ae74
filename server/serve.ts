import type { ServerBuild } from "@remix-run/node";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Config } from "../app/lib/config.server";
import { endStreams } from "../app/lib/live.server";
import { createApp } from "./app";

/**
 * How long a stop waits for requests in flight before it exits anyway:
 * under the 10 seconds `docker stop` gives before it kills the container.
 */
export const DRAIN_MS = 8_000;

/**
 * How long an idle keep-alive connection stays open: longer than the reverse
 * proxies in front of the app keep theirs (nginx and cloud load balancers 60 s,
 * Go's proxies 90 s to 2 minutes), so the proxy is always the side that closes
 * one. With Node's default of 5 s the server closes connections the proxy still
 * pools, and a request the proxy sends on one at that moment fails: a 502 for
 * the rider. A stop closes idle connections at once (below), so this never
 * holds one up.
 */
const KEEP_ALIVE_MS = 125_000;

/**
 * Serves the built app on the configured port: in the only process, or in
 * each worker (the cluster module shares the port between them). Answers
 * the server and `stop`, which finishes requests in flight, ends the live
 * streams, and calls `onStopped` once nothing is left.
 */
export async function serve(cfg: Config, onListening: (server: Server) => void) {
  const buildFile = path.resolve("build/index.js");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const app = createApp(cfg, build);
  const server = app.listen(cfg.port, cfg.host ?? "::", () => onListening(server));
  server.keepAliveTimeout = KEEP_ALIVE_MS;

  let stopping = false;
  const stop = (onStopped: () => void) => {
    if (stopping) return;
    stopping = true;
    const timeout = setTimeout(onStopped, DRAIN_MS);
    timeout.unref();
    server.close(() => {
      clearTimeout(timeout);
      onStopped();
    });
    endStreams();
    // A keep-alive connection between requests holds the close; so does one
    // whose response ends after it (an ended stream, a finished upload).
    server.prependListener("request", (_req, res) => res.setHeader("Connection", "close"));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
  };
  return { server, stop };
}
