import "@remix-run/node";

/** What the HTTP server hands every loader and action (server/app.ts). */
declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    clientIp: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}
