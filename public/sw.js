/* Cloverleaf service worker: an app shell that opens offline.
 * - Fingerprinted assets (/build/*) and icons: cache first (they never change).
 * - Pages: network first; the last copy of each page is kept, and served
 *   when offline (so saved events and one's own runs stay readable); with no
 *   copy, the offline page.
 * - Page data of client-side navigations (Remix single fetch, `*.data`):
 *   network first with the last copy; with no copy, the page is loaded as a
 *   document instead, which falls back as above.
 * - Route discovery (`/__manifest`): the routes seen online answer offline.
 * - After sign-in, My Events and the Run Log are fetched once in the
 *   background so they open at the arena even if never visited; while the
 *   rider browses, those copies are refreshed when older than FRESH_MS.
 * - A horse's papers (private files, served to their owner only): the papers
 *   screen asks for the horse's current papers to be kept ("keep-papers":
 *   the papers page, each paper's page and file), so they open at the gate
 *   with no signal. Paper files are fetched network first and answered from
 *   PAPERS offline; a paper no longer listed leaves the phone.
 * - Nothing else (the /api, uploads, form posts) is intercepted. Runs logged
 *   offline are kept by the run-log page itself (IndexedDB), not here.
 * Signing out deletes the pages and papers caches (here and in app/root.tsx):
 * a shared phone keeps no one's data.
 * Web Push: an alert arrives as JSON {title, body, url} (the server's
 * app/features/alerts/push.server.ts) and is shown as a notification;
 * tapping it focuses a window of the app on that screen, or opens one.
 */
const VERSION = "v1";
const SHELL = `shell-${VERSION}`;
const PAGES = `pages-${VERSION}`; // app/root.tsx deletes this name at sign-out
const PAPERS = `papers-${VERSION}`; // and this one
const PAPER_FILE = /^\/api\/horses\/[\w-]+\/documents\/[\w-]+\/file$/;
const PRECACHE = ["/offline.html", "/favicon.svg", "/icons/icon-192.png", "/manifest.webmanifest"];
const WARM = ["/events", "/run-log"];
const FRESH_MS = 10 * 60 * 1000;
/** Warming waits until the page that was just opened has its scripts, on a slow connection. */
const WARM_DELAY_MS = 3000;

/** Bumped at sign-out: a fetch that began signed in never fills the cache after it. */
let generation = 0;
let signedInAt = 0;
let warming = null;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== PAGES && k !== PAPERS).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.method === "POST") {
    // Observed, never answered here: the server handles every form post.
    if (/^\/logout(\.data)?$/.test(url.pathname)) {
      generation += 1;
      // The server drops this device's push subscription with the session; the browser forgets it too.
      const unsubscribe = self.registration.pushManager
        .getSubscription()
        .then((subscription) => subscription?.unsubscribe())
        .catch(() => {});
      event.waitUntil(Promise.all([caches.delete(PAGES), caches.delete(PAPERS), unsubscribe]));
    } else if (/^\/login(\.data)?$/.test(url.pathname)) {
      signedInAt = Date.now();
    }
    return;
  }
  if (request.method !== "GET") return;

  // Before pages: opening a PDF paper is a navigation to its file.
  if (PAPER_FILE.test(url.pathname)) {
    event.respondWith(paperFile(request, url));
    return;
  }

  if (url.pathname.startsWith("/build/") || url.pathname.startsWith("/icons/")) {
    event.respondWith(
      caches.open(SHELL).then(async (cache) => {
        const hit = await cache.match(request);
        if (hit) return hit;
        const response = await fetch(request);
        if (response.ok) cache.put(request, response.clone());
        return response;
      }),
    );
    return;
  }

  if (request.mode === "navigate") {
    const answer = page(request, url);
    event.respondWith(answer);
    event.waitUntil(afterNavigation(answer));
    return;
  }

  if (url.pathname.endsWith(".data")) {
    event.respondWith(pageData(request, url));
    return;
  }

  if (url.pathname === "/__manifest") {
    event.respondWith(routeManifest(request, url));
  }
});

/** The client asks for fresh copies, e.g. the run log after queued runs reached the server. */
self.addEventListener("message", (event) => {
  const { type, urls } = event.data ?? {};
  if (type === "refresh" && Array.isArray(urls)) event.waitUntil(warm(urls.filter(isPagePath), "all"));
  if (type === "keep-papers") event.waitUntil(keepPapers(event.data));
});

const keepable = (url) => !url.pathname.startsWith("/admin");
const isPagePath = (path) => typeof path === "string" && /^\/(?!\/)/.test(path) && !/^\/(admin|api)\b/.test(path);

async function keep(request, response, since) {
  if (since !== generation) return;
  await (await caches.open(PAGES)).put(request, response);
}

async function page(request, url) {
  const since = generation;
  try {
    const response = await fetch(request);
    if (response.ok && keepable(url)) await keep(request, response.clone(), since);
    return response;
  } catch {
    return (await caches.match(request, { ignoreVary: true })) ?? (await caches.match("/offline.html"));
  }
}

async function pageData(request, url) {
  const since = generation;
  try {
    const response = await fetch(request);
    // 200 only: redirects and errors travel as 202/4xx and are never worth replaying.
    if (response.status === 200 && keepable(url)) await keep(request, response.clone(), since);
    return response;
  } catch {
    const hit = await caches.match(request, { ignoreVary: true });
    if (hit) return hit;
    // A navigation (no `_routes`: every loader) with no copy of its data: load
    // the page as a document instead. A fetcher's load (`_routes=...`) just fails.
    if (!url.searchParams.has("_routes")) return reloadDocument(url);
    return Response.error();
  }
}

/**
 * Remix's single-fetch answer "redirect, reloading the document" (what the
 * server sends for `redirect(..., { headers: { "X-Remix-Reload-Document": "true" } })`),
 * encoded as turbo-stream, pointing at the page the data was for.
 */
function reloadDocument(url) {
  const path = `${url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "")}${url.search}`;
  const body = JSON.stringify([
    ["SingleFetchRedirect", 1],
    { _2: 3, _4: 5, _6: 7, _8: 9, _10: 7 },
    "redirect",
    path,
    "status",
    302,
    "revalidate",
    false,
    "reload",
    true,
    "replace",
  ]);
  return new Response(body, { status: 202, headers: { "Content-Type": "text/x-script; charset=utf-8", "X-Remix-Response": "yes" } });
}

/**
 * Route discovery: every route seen online for this build is merged into one
 * answer, served when offline. With none, Remix is told to load the page as
 * a document (204 + X-Remix-Reload-Document).
 */
async function routeManifest(request, url) {
  const key = `/__manifest?version=${encodeURIComponent(url.searchParams.get("version") ?? "")}`;
  const shell = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok) {
      const routes = await response.clone().json();
      const known = await shell.match(key);
      const merged = { ...(known ? await known.json() : {}), ...routes };
      for (const old of await shell.keys()) {
        if (new URL(old.url).pathname === "/__manifest") await shell.delete(old);
      }
      await shell.put(key, new Response(JSON.stringify(merged), { headers: { "Content-Type": "application/json" } }));
    }
    return response;
  } catch {
    return (await shell.match(key)) ?? new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "yes" } });
  }
}

/** A paper's file: the server's when it answers (kept for later), the phone's copy when offline. */
async function paperFile(request, url) {
  const since = generation;
  const cache = await caches.open(PAPERS);
  try {
    const response = await fetch(request);
    if (response.status === 200 && since === generation) await cache.put(url.pathname, response.clone());
    // Deleted, or no longer this session's: the phone forgets it too.
    else if (response.status === 404 || response.status === 401) await cache.delete(url.pathname);
    return response;
  } catch {
    return (await cache.match(url.pathname)) ?? new Response("This paper is not kept on this phone. Open it once with a connection.", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

/**
 * Keeps one horse's current papers on the phone: each file not yet kept (a
 * paper's file never changes), then its pages; the papers of that horse no
 * longer listed are removed, files and pages.
 */
function keepPapers({ horseId, pages, files }) {
  if (typeof horseId !== "string" || !/^[\w-]+$/.test(horseId) || !Array.isArray(pages) || !Array.isArray(files)) return Promise.resolve();
  const prefix = `/api/horses/${horseId}/documents/`;
  const wanted = files.filter((f) => typeof f === "string" && f.startsWith(prefix) && PAPER_FILE.test(f));
  const pagePrefix = `/horses/${horseId}/papers`;
  const wantedPages = pages.filter((p) => isPagePath(p) && p.startsWith(pagePrefix));
  const run = async () => {
    const since = generation;
    const cache = await caches.open(PAPERS);
    for (const old of await cache.keys()) {
      const path = new URL(old.url).pathname;
      if (path.startsWith(prefix) && !wanted.includes(path)) await cache.delete(old);
    }
    const kept = await caches.open(PAGES);
    for (const old of await kept.keys()) {
      const path = new URL(old.url).pathname.replace(/\.data$/, "");
      if (path.startsWith(`${pagePrefix}/`) && !wantedPages.includes(path)) await kept.delete(old);
    }
    for (const file of wanted) {
      if (await cache.match(file)) continue;
      try {
        const response = await fetch(file, { credentials: "same-origin" });
        if (since !== generation) return;
        if (response.status === 200) await cache.put(file, response);
      } catch {
        return; // offline: try another time
      }
    }
  };
  // The pages are fetched again each time: the list or a paper's dates may have changed since.
  return (warming = (warming ?? Promise.resolve()).then(run).catch(() => {})).then(() => warm(wantedPages, "all"));
}

async function afterNavigation(answer) {
  const response = await answer.catch(() => null);
  if (!response || !response.ok) return;
  const justSignedIn = Date.now() - signedInAt < 60_000;
  if (justSignedIn) signedInAt = 0;
  await new Promise((resolve) => self.setTimeout(resolve, WARM_DELAY_MS));
  await warm(WARM, justSignedIn ? "all" : "stale");
}

/**
 * Fetches signed-in pages into the pages cache: "all", or "stale" (only
 * copies that exist and are older than FRESH_MS, so a visitor, who has
 * none, costs nothing). A page that now redirects (signed out) is forgotten.
 * The scripts and styles a kept page needs are cached too, so it can start.
 */
function warm(paths, mode) {
  const run = async () => {
    const since = generation;
    const cache = await caches.open(PAGES);
    for (const path of paths) {
      if (mode === "stale") {
        const copy = await cache.match(path, { ignoreVary: true });
        const age = copy ? Date.now() - Date.parse(copy.headers.get("date") ?? "") : 0;
        if (!copy || age < FRESH_MS) continue;
      }
      try {
        const response = await fetch(path, { credentials: "same-origin", redirect: "manual", headers: { Accept: "text/html" } });
        if (since !== generation) return;
        if (response.ok && (response.headers.get("content-type") ?? "").startsWith("text/html")) {
          // Scripts and styles first: a kept page is one that can also start offline.
          await keepAssets(await response.clone().text());
          if (since !== generation) return;
          await cache.put(path, response);
        } else if (response.type === "opaqueredirect" || response.status === 401 || response.status === 403) {
          await cache.delete(path, { ignoreVary: true });
        }
      } catch {
        return; // offline: try another time
      }
    }
  };
  // One warm-up at a time; a second request waits for the first, then runs.
  warming = (warming ?? Promise.resolve()).then(run).catch(() => {});
  return warming;
}

/**
 * Keeps the scripts and styles a page names, and the scripts those load on
 * demand (a screen's parts that fetch their code only when used, such as
 * the run log's form), so the page works offline in full.
 */
async function keepAssets(html) {
  const shell = await caches.open(SHELL);
  // Route modules of pages with a parameter carry a "$" in their name (routes/profile.$userId-XXXX.js).
  const pattern = /\/build\/[\w.$/-]+\.(?:js|css)/g;
  const assets = [...new Set(html.match(pattern) ?? [])];
  for (let i = 0; i < assets.length; i++) {
    const asset = assets[i];
    let copy = await shell.match(asset);
    if (!copy) {
      await shell.add(asset).catch(() => {});
      copy = await shell.match(asset);
    }
    if (!copy || !asset.endsWith(".js")) continue;
    for (const more of (await copy.text()).match(pattern) ?? []) if (!assets.includes(more)) assets.push(more);
  }
}

self.addEventListener("push", (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(alert.title || "Cloverleaf", {
      body: alert.body || "",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: sameOriginPath(alert.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(sameOriginPath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => w.url === url) ?? windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(url);
      const focused = await open.focus();
      if (focused.url === url) return focused;
      // navigate() works only on windows this worker controls.
      return focused.navigate(url).catch(() => self.clients.openWindow(url));
    }),
  );
});

/** Only this app's own screens open from a notification; anything else opens the notifications list. */
function sameOriginPath(url) {
  try {
    const target = new URL(url, self.location.origin);
    if (target.origin === self.location.origin) return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    // not a URL
  }
  return "/notifications";
}
