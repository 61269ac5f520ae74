/* Cloverleaf service worker: an app that opens offline, from a cold start.
 * - One build at a time. The page registers /sw.js?build=<the build's version>
 *   (app/lib/offline.ts), so each build installs its own worker. Installing
 *   keeps, before the worker takes over, every script and stylesheet any
 *   screen can load, static or on first use (the build's list,
 *   /build/offline-<version>.json, made by scripts/offline-assets.js), and
 *   a fresh copy of each page the previous worker kept. If any of that fails
 *   (no signal), the install fails and the previous build's set stays whole:
 *   a page of one build never runs with a module of another.
 * - Fingerprinted assets (/build/*) and icons: cache first (they never change).
 * - Pages: network first; the last copy of each page is kept, and served
 *   when offline (so saved events, one's own runs, horses and race-day
 *   screens stay open); with no copy, the offline page.
 * - Page data of client-side navigations (Remix single fetch, `*.data`):
 *   network first with the last copy; with no copy, the page is loaded as a
 *   document instead, which falls back as above.
 * - Route discovery (`/__manifest`): the routes seen online answer offline.
 * - The page asks to be kept when it is interactive and after each
 *   navigation (app/lib/offline.ts writes the ask into WANTED, then tells
 *   the worker, which may not be running yet): the worker keeps that page
 *   (and the links it marks `data-keep`, such as a member's cards) (the first page, which
 *   loaded before the worker existed, and screens reached by a client-side
 *   navigation, whose document was never fetched) and, signed in, the pages a
 *   rider needs at the arena (KEPT), at once and refreshed when older than
 *   FRESH_MS. The work runs in the worker, so it finishes after the page
 *   closes.
 * - A horse's papers (private files, served to their owner only): the papers
 *   screen asks for the horse's current papers to be kept ("keep-papers":
 *   the papers page, each paper's page and file), so they open at the gate
 *   with no signal. Paper files are fetched network first and answered from
 *   PAPERS offline; a paper no longer listed leaves the phone.
 * - Nothing else (the /api, uploads, form posts) is intercepted. Runs logged
 *   offline are kept by the run-log page itself (IndexedDB), booth times by
 *   the booth (localStorage), not here.
 * Signing out deletes the pages and papers caches (here and in app/lib/offline.ts):
 * a shared phone keeps no one's data.
 * Web Push: an alert arrives as JSON {title, body, url} (the server's
 * app/features/alerts/push.server.ts) and is shown as a notification;
 * tapping it focuses a window of the app on that screen, or opens one.
 */
const BUILD = new URL(self.location.href).searchParams.get("build") || "unversioned";
const SHELL = `shell-${BUILD}`;
const PAGES = `pages-${BUILD}`; // app/lib/offline.ts deletes every "pages-" cache at sign-out
const PAPERS = "papers-v1"; // and this one (files of papers do not change with a build)
/** The pages asked to be kept (app/lib/offline.ts writes them here before it tells the worker). */
const WANTED = "keep-wanted";
const PAPER_FILE = /^\/api\/horses\/[\w-]+\/documents\/[\w-]+\/file$/;
const PRECACHE = ["/offline.html", "/favicon.svg", "/icons/icon-192.png", "/manifest.webmanifest"];
/** Discover, My Events, the run log, the horses and the membership: kept for a signed-in rider even if never opened. */
const KEPT = ["/", "/events", "/run-log", "/horses", "/membership"];
/** A link a kept page marks `data-keep` (a member's card) is kept with it. */
const KEEP_LINK = /<a\b[^>]*\bdata-keep(?:="[^"]*")?[^>]*\bhref="(\/[^"]*)"/g;
const FRESH_MS = 10 * 60 * 1000;
/** The pages fetched to keep: the server leaves a waiting toast to the page the rider is on (app/lib/session.server.ts). */
const KEPT_COPY = { Accept: "text/html", "X-Kept-Copy": "1" };

/** Bumped at sign-out: a fetch that began signed in never fills the cache after it. */
let generation = 0;
let warming = null;

self.addEventListener("install", (event) => {
  event.waitUntil(install().then(() => self.skipWaiting()));
});

async function install() {
  const shell = await caches.open(SHELL);
  const assets = [];
  if (BUILD !== "unversioned") {
    const list = await fetch(`/build/offline-${encodeURIComponent(BUILD)}.json`, { cache: "no-cache" });
    if (!list.ok) throw new Error(`no list of assets for build ${BUILD}`);
    assets.push(...(await list.json()).assets);
  }
  // Any file missing fails the install: the previous worker, and its whole set, stay.
  const missing = [];
  for (const asset of [...PRECACHE, ...assets]) if (!(await shell.match(asset))) missing.push(asset);
  await shell.addAll(missing);
  await carryPages();
  // The page that registered this worker loaded before it existed: it asked to be kept, and may
  // have closed since.
  await keepWanted();
}

/** The pages the previous build's worker kept, fetched again for this build (their HTML names this build's modules). */
async function carryPages() {
  const pages = await caches.open(PAGES);
  for (const name of await caches.keys()) {
    if (!name.startsWith("pages-") || name === PAGES) continue;
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      const url = new URL(request.url);
      if (url.pathname.endsWith(".data") || (await pages.match(request))) continue;
      // A network failure throws: the install fails and is tried again at the next visit.
      const response = await fetch(url.pathname + url.search, { credentials: "same-origin", redirect: "manual", headers: KEPT_COPY });
      if (response.ok && isHtml(response)) await pages.put(url.pathname + url.search, response);
    }
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== PAGES && k !== PAPERS && k !== WANTED).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
      // Asks written while this worker installed, after its install read them.
      .then(() => keepWanted()),
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
      event.waitUntil(Promise.all([forgetPages(), caches.delete(PAPERS), caches.delete(WANTED), unsubscribe]));
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
        const hit = await cache.match(request, { ignoreSearch: true });
        if (hit) return hit;
        const response = await fetch(request);
        if (response.ok) cache.put(request, response.clone());
        return response;
      }),
    );
    return;
  }

  if (request.mode === "navigate") {
    event.respondWith(page(request, url));
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

/**
 * From the page: "keep" (it is interactive, or navigated: keep it, and the
 * rider's pages when signed in), "refresh" (fresh copies, e.g. the run log
 * after queued runs reached the server), "keep-papers".
 */
self.addEventListener("message", (event) => {
  const { type, urls } = event.data ?? {};
  if (type === "keep") event.waitUntil(keepWanted());
  if (type === "refresh" && Array.isArray(urls)) event.waitUntil(warm(urls.filter(isPagePath), "all"));
  if (type === "keep-papers") event.waitUntil(keepPapers(event.data));
});

const keepable = (url) => !url.pathname.startsWith("/admin");
const isPagePath = (path) => typeof path === "string" && /^\/(?!\/)/.test(path) && !/^\/(admin|api)\b/.test(path);
const isHtml = (response) => (response.headers.get("content-type") ?? "").startsWith("text/html");

async function forgetPages() {
  for (const name of await caches.keys()) if (name.startsWith("pages-")) await caches.delete(name);
}

async function keep(request, response, since) {
  if (since !== generation) return;
  await (await caches.open(PAGES)).put(request, response);
}

/**
 * Keeps each page asked for (`/__keep?path=...&signedIn=1`), and when signed
 * in the rider's own pages (KEPT), then forgets the asking.
 */
async function keepWanted() {
  const wanted = await caches.open(WANTED);
  // Until none is left: a page may ask again while these are fetched.
  for (let asks = await wanted.keys(); asks.length; asks = await wanted.keys()) {
    for (const request of asks) {
      const asked = new URL(request.url).searchParams;
      const path = asked.get("path");
      await warm(isPagePath(path) ? [path] : [], "missing");
      if (asked.get("signedIn") === "1") await warm(KEPT, "missing-or-stale");
      await wanted.delete(request);
    }
  }
}

async function page(request, url) {
  const since = generation;
  try {
    const response = await fetch(request);
    if (response.ok && keepable(url)) await keep(request, response.clone(), since);
    return response;
  } catch {
    return (await caches.match(request, { ignoreVary: true, cacheName: PAGES })) ?? (await caches.match("/offline.html", { cacheName: SHELL }));
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
    const hit = await caches.match(request, { ignoreVary: true, cacheName: PAGES });
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

/**
 * Fetches pages into the pages cache: "all"; "missing" (only pages not
 * kept yet); "missing-or-stale" (and copies older than FRESH_MS). A page
 * that now redirects (signed out) or is refused is forgotten. One warm-up
 * at a time; a second request waits for the first, then runs.
 */
function warm(paths, mode) {
  const run = async () => {
    const since = generation;
    const cache = await caches.open(PAGES);
    const queue = [...paths];
    for (const path of queue) {
      if (mode !== "all") {
        const copy = await cache.match(path, { ignoreVary: true });
        const age = copy ? Date.now() - Date.parse(copy.headers.get("date") ?? "") : Infinity;
        if (copy && (mode === "missing" || age < FRESH_MS)) continue;
      }
      try {
        const response = await fetch(path, { credentials: "same-origin", redirect: "manual", headers: KEPT_COPY });
        if (since !== generation) return;
        if (response.ok && isHtml(response)) {
          const linked = [...(await response.clone().text()).matchAll(KEEP_LINK)].map((m) => m[1].replaceAll("&amp;", "&")).filter(isPagePath);
          await cache.put(path, response);
          for (const link of linked) if (!queue.includes(link)) queue.push(link);
        } else if (response.type === "opaqueredirect" || response.status === 401 || response.status === 403) await cache.delete(path, { ignoreVary: true });
      } catch {
        return; // offline: try another time
      }
    }
  };
  warming = (warming ?? Promise.resolve()).then(run).catch(() => {});
  return warming;
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
