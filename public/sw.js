/* Cloverleaf service worker: an app that opens offline, from a cold start.
 * - Each build has its own worker. The page registers /sw.js?build=<the
 *   build's version> (app/lib/offline.ts). Installing keeps, first, every
 *   script and stylesheet any screen can load, static or on first use (the
 *   build's list, /build/offline-<version>.json, made by
 *   scripts/offline-assets.js); if any is missing (no signal) the install
 *   fails and the previous worker stays. Then it fetches again the kept
 *   pages of an older build, each on its own (one failing leaves that page
 *   as it was), and the pages asked for meanwhile.
 * - Builds' files: cache first, from any build's set (they never change). A
 *   build's set stays while a tab still runs that build or a kept page
 *   needs it (a booth tab left open on the old build can still load what it
 *   needs offline), and is deleted once neither does.
 * - Pages: network first, the answer going to the page at once; keeping a
 *   copy happens beside it and never changes or delays that answer (a full
 *   store is not "offline"). With no signal, the last copy, if its build's
 *   files are all kept; else the offline page.
 * - Kept pages belong to one account. Each page and page data names its
 *   account (X-Account, a key of the rider or "visitor"; X-Account-Until,
 *   when the session ends: app/lib/offline.server.ts), and is kept with
 *   that account's copies. The account seen last is the phone's: offline,
 *   only its copies are served, and none once its session has ended. When
 *   another account (or a visitor) is seen, the previous one's pages and
 *   papers are deleted: a rider never opens another's copy, signed out or
 *   not, online or off.
 * - Page data of client-side navigations (Remix single fetch, `*.data`):
 *   the same; with no copy, the page is loaded as a document instead.
 * - Route discovery (`/__manifest`): the routes seen online answer offline.
 * - The page asks to be kept when it is interactive and after each
 *   navigation (app/lib/offline.ts writes the ask into WANTED, then tells
 *   the worker, which may not be running yet): the worker keeps that page
 *   (and the links it marks `data-keep`, such as a member's cards) and,
 *   signed in, the pages a rider needs at the arena (KEPT), at once and
 *   refreshed when older than FRESH_MS. The work runs in the worker, so it
 *   finishes after the page closes.
 * - A horse's papers (private files, served to their owner only): the papers
 *   screen asks for the horse's current papers to be kept ("keep-papers"),
 *   with the account's copies. Paper files are fetched network first and
 *   answered from the phone offline; a paper no longer listed leaves it.
 * - Signing out: the post goes to the server; once it has answered, the
 *   account's pages and papers are deleted. With no signal the sign-out
 *   fails and nothing is deleted (the rider is still signed in).
 * - Nothing else (the /api, uploads, other form posts) is intercepted. Runs
 *   logged offline are kept by the run-log page itself (IndexedDB), booth
 *   times by the booth, not here.
 * Web Push: an alert arrives as JSON {title, body, url} (the server's
 * app/features/alerts/push.server.ts) and is shown as a notification;
 * tapping it focuses a window of the app on that screen, or opens one.
 */
const BUILD = new URL(self.location.href).searchParams.get("build") || "unversioned";
const SHELL = `shell-${BUILD}`;
/** Put in a build's set once every file of it is in: a page of that build can then be served offline. */
const WHOLE = (build) => `/__whole?build=${encodeURIComponent(build)}`;
/** Each account's pages and papers: `kept-pages-<account>`, `kept-papers-<account>`. */
const PAGES = (account) => `kept-pages-${account}`;
const PAPERS = (account) => `kept-papers-${account}`;
/** The pages asked to be kept (app/lib/offline.ts writes them here before it tells the worker). */
const WANTED = "keep-wanted";
/** The phone's account, and the build each open tab runs. */
const STATE = "keep-state";
const PAPER_FILE = /^\/api\/horses\/[\w-]+\/documents\/[\w-]+\/file$/;
const PRECACHE = ["/offline.html", "/favicon.svg", "/icons/icon-192.png", "/manifest.webmanifest"];
/** Discover, My Events, the run log, the horses and the membership: kept for a signed-in rider even if never opened. */
const KEPT = ["/", "/events", "/run-log", "/horses", "/membership"];
/** A link a kept page marks `data-keep` (a member's card) is kept with it. */
const KEEP_LINK = /<a\b[^>]*\bdata-keep(?:="[^"]*")?[^>]*\bhref="(\/[^"]*)"/g;
const FRESH_MS = 10 * 60 * 1000;
/** A page fetched to keep, on a weak signal, is given up after this long (tried again later). */
const KEEP_FETCH_MS = 20_000;
/** The pages fetched to keep: the server leaves a waiting toast to the page the rider is on (app/lib/session.server.ts). */
const KEPT_COPY = { Accept: "text/html", "X-Kept-Copy": "1" };

let warming = null;

self.addEventListener("install", (event) => {
  event.waitUntil(install().then(() => self.skipWaiting()));
});

async function install() {
  const shell = await caches.open(SHELL);
  if (BUILD !== "unversioned" && !(await shell.match(WHOLE(BUILD)))) {
    const list = await fetch(`/build/offline-${encodeURIComponent(BUILD)}.json`, { cache: "no-cache" });
    if (!list.ok) throw new Error(`no list of assets for build ${BUILD}`);
    const assets = (await list.json()).assets;
    // First the build's own files. Any missing fails the install: the previous worker, and its whole set, stay.
    const missing = [];
    for (const asset of [...PRECACHE, ...assets]) if (!(await shell.match(asset))) missing.push(asset);
    await shell.addAll(missing);
    await shell.put(WHOLE(BUILD), new Response(""));
  } else if (BUILD === "unversioned") {
    await shell.addAll(PRECACHE);
  }
  // Then the pages, each on its own: one failing leaves its older copy (still served while its build's files are kept).
  await carryPages();
  // The page that registered this worker loaded before it existed: it asked to be kept, and may have closed since.
  await keepWanted();
}

/** The phone account's pages of an older build, fetched again for this one (their HTML names this build's modules). */
async function carryPages() {
  const account = await currentAccount();
  const pages = await caches.open(PAGES(account));
  const stale = [];
  for (const request of await pages.keys()) {
    const url = new URL(request.url);
    if (url.pathname.endsWith(".data")) continue;
    const copy = await pages.match(request);
    if (copy && copy.headers.get("X-Build") !== BUILD) stale.push(url.pathname + url.search);
  }
  await warm(stale, "all");
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      // Copies kept before pages were kept per account: whose they are is not known.
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("pages-") || k === "papers-v1").map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
      .then(() => dropUnusedBuilds())
      // Asks written while this worker installed, after its install read them.
      .then(() => keepWanted()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.method === "POST") {
    // Observed, never answered otherwise: the server handles every form post.
    if (/^\/logout(\.data)?$/.test(url.pathname)) event.respondWith(signOut(event));
    return;
  }
  if (request.method !== "GET") return;

  // Before pages: opening a PDF paper is a navigation to its file.
  if (PAPER_FILE.test(url.pathname)) {
    event.respondWith(paperFile(event, url));
    return;
  }

  if (url.pathname.startsWith("/build/") || url.pathname.startsWith("/icons/")) {
    event.respondWith(buildFile(event));
    return;
  }

  if (request.mode === "navigate") {
    event.respondWith(page(event, url));
    return;
  }

  if (url.pathname.endsWith(".data")) {
    event.respondWith(pageData(event, url));
    return;
  }

  if (url.pathname === "/__manifest") {
    event.respondWith(routeManifest(event, url));
  }
});

/**
 * From the page: "keep" (it is interactive, or navigated: keep it, and the
 * rider's pages when signed in; it says the build it runs), "refresh" (fresh
 * copies, e.g. the run log after queued runs reached the server), "keep-papers".
 */
self.addEventListener("message", (event) => {
  const { type, urls, build } = event.data ?? {};
  if (type === "keep") event.waitUntil(noteTab(event.source, build).then(dropUnusedBuilds).then(keepWanted).catch(() => {}));
  if (type === "refresh" && Array.isArray(urls)) event.waitUntil(warm(urls.filter(isPagePath), "all"));
  if (type === "keep-papers") event.waitUntil(keepPapers(event.data));
});

const keepable = (url) => !url.pathname.startsWith("/admin");
const isPagePath = (path) => typeof path === "string" && /^\/(?!\/)/.test(path) && !/^\/(admin|api)\b/.test(path);
const isHtml = (response) => (response.headers.get("content-type") ?? "").startsWith("text/html");

/* ------------------------------------------------------------ the account */

/** The account seen last: { key, until (ms or null), at (when the request that said so began) }. */
let account = null;

async function accountState() {
  if (!account) {
    const saved = await (await caches.open(STATE)).match("/__account");
    account = saved ? await saved.json() : { key: "visitor", until: null, at: 0 };
  }
  return account;
}

/** The phone's account now: "visitor" once the session it had has ended. */
async function currentAccount() {
  const { key, until } = await accountState();
  return until && until <= Date.now() ? "visitor" : key;
}

/** Whose answer this is (a page or page data from this server), or null. */
function accountOf(response) {
  const key = response.headers.get("X-Account");
  return key && /^[\w-]+$/.test(key) ? key : null;
}

/**
 * An answer from the server says whose the phone is now. A later request
 * wins over an earlier one answering late. When the account changes, the
 * previous one's copies leave the phone.
 */
async function noteAccount(key, until, at) {
  const state = await accountState();
  if (at < state.at) return;
  const previous = state.until && state.until <= Date.now() ? "visitor" : state.key;
  account = { key, until: key === "visitor" ? null : until, at };
  await (await caches.open(STATE)).put("/__account", new Response(JSON.stringify(account), { headers: { "Content-Type": "application/json" } }));
  if (previous !== key) await forgetOthers(key);
}

function noteAnswer(response, at) {
  const key = accountOf(response);
  if (!key) return Promise.resolve();
  return noteAccount(key, Number(response.headers.get("X-Account-Until")) || null, at);
}

/** Every account's pages and papers but this one's. */
async function forgetOthers(key) {
  for (const name of await caches.keys()) {
    if ((name.startsWith("kept-pages-") && name !== PAGES(key)) || (name.startsWith("kept-papers-") && name !== PAPERS(key))) await caches.delete(name);
  }
}

/**
 * Signing out: the post goes through; once the server has answered, this
 * account's copies are deleted (and the browser's push subscription,
 * which the server dropped with the session). With no signal it fails,
 * and the rider, still signed in, keeps their pages.
 */
async function signOut(event) {
  const at = Date.now();
  const response = await fetch(event.request);
  const unsubscribe = self.registration.pushManager
    .getSubscription()
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => {});
  event.waitUntil(Promise.all([noteAccount("visitor", null, at), caches.delete(WANTED), unsubscribe]).catch(() => {}));
  return response;
}

/* ------------------------------------------------------------ builds */

/** Each open tab's build, as the tab said it ("keep"), kept where the next worker reads it. */
async function noteTab(client, build) {
  if (!client?.id || typeof build !== "string" || !build) return;
  await (await caches.open(STATE)).put(`/__tab?${new URLSearchParams({ id: client.id, build })}`, new Response(""));
}

/**
 * Deletes the files of a build no open tab runs and no kept page needs. A
 * tab whose build is not known (it never said) keeps every build's files.
 */
async function dropUnusedBuilds() {
  const state = await caches.open(STATE);
  const open = new Set((await self.clients.matchAll({ type: "window", includeUncontrolled: true })).map((c) => c.id));
  const inUse = new Set([BUILD]);
  const said = new Set();
  for (const request of await state.keys()) {
    const url = new URL(request.url);
    if (url.pathname !== "/__tab") continue;
    const id = url.searchParams.get("id");
    if (!open.has(id)) await state.delete(request);
    else {
      said.add(id);
      inUse.add(url.searchParams.get("build"));
    }
  }
  if ([...open].some((id) => !said.has(id))) return;
  for (const name of await caches.keys()) {
    if (!name.startsWith("kept-pages-")) continue;
    const pages = await caches.open(name);
    for (const request of await pages.keys()) {
      const build = (await pages.match(request))?.headers.get("X-Build");
      if (build) inUse.add(build);
    }
  }
  for (const name of await caches.keys()) if (name.startsWith("shell-") && !inUse.has(name.slice("shell-".length))) await caches.delete(name);
}

/** A build's file from any build's set kept (an old tab loads its own), else the network (kept with this build's). */
async function buildFile(event) {
  const { request } = event;
  const hit = await caches.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) event.waitUntil(caches.open(SHELL).then((cache) => cache.put(request, response.clone())).catch(() => {}));
  return response;
}

/** A kept page can be served when every file of its build is kept (a page never runs with a module missing). */
async function whole(copy) {
  if (BUILD === "unversioned") return true;
  const build = copy.headers.get("X-Build");
  return Boolean(build && (await caches.match(WHOLE(build))));
}

/* ------------------------------------------------------------ pages */

/** Keeps an answer with its account's copies, if that account is the phone's. */
async function keep(request, response, at) {
  const key = accountOf(response);
  if (!key) return;
  await noteAnswer(response, at);
  if (key !== (await currentAccount())) return;
  await (await caches.open(PAGES(key))).put(request, response);
}

/** The phone account's copy of a page or page data. */
async function keptCopy(request) {
  return caches.match(request, { ignoreVary: true, cacheName: PAGES(await currentAccount()) });
}

async function page(event, url) {
  const { request } = event;
  const at = Date.now();
  let response;
  try {
    response = await fetch(request);
  } catch {
    const copy = await keptCopy(request);
    if (copy && (await whole(copy))) return copy;
    return caches.match("/offline.html");
  }
  // Beside the answer: a store that refuses (full) changes nothing for the rider online.
  if (response.ok && keepable(url)) event.waitUntil(keep(request, response.clone(), at).catch(() => {}));
  else event.waitUntil(noteAnswer(response, at).catch(() => {}));
  return response;
}

async function pageData(event, url) {
  const { request } = event;
  const at = Date.now();
  let response;
  try {
    response = await fetch(request);
  } catch {
    const hit = await keptCopy(request);
    if (hit) return hit;
    // A navigation (no `_routes`: every loader) with no copy of its data: load
    // the page as a document instead. A fetcher's load (`_routes=...`) just fails.
    if (!url.searchParams.has("_routes")) return reloadDocument(url);
    return Response.error();
  }
  // 200 only: redirects and errors travel as 202/4xx and are never worth replaying.
  if (response.status === 200 && keepable(url)) event.waitUntil(keep(request, response.clone(), at).catch(() => {}));
  else event.waitUntil(noteAnswer(response, at).catch(() => {}));
  return response;
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
async function routeManifest(event, url) {
  const key = `/__manifest?version=${encodeURIComponent(url.searchParams.get("version") ?? "")}`;
  let response;
  try {
    response = await fetch(event.request);
  } catch {
    // From any build's set: a tab of the previous build asks with its own version.
    return (await caches.match(key)) ?? new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "yes" } });
  }
  if (response.ok) event.waitUntil(mergeRoutes(key, response.clone()).catch(() => {}));
  return response;
}

async function mergeRoutes(key, response) {
  const shell = await caches.open(SHELL);
  const routes = await response.json();
  const known = await shell.match(key);
  const merged = { ...(known ? await known.json() : {}), ...routes };
  for (const old of await shell.keys()) {
    if (new URL(old.url).pathname === "/__manifest") await shell.delete(old);
  }
  await shell.put(key, new Response(JSON.stringify(merged), { headers: { "Content-Type": "application/json" } }));
}

/** A paper's file: the server's when it answers (kept for later), the phone's copy when offline. */
async function paperFile(event, url) {
  const key = await currentAccount();
  const cache = await caches.open(PAPERS(key));
  let response;
  try {
    response = await fetch(event.request);
  } catch {
    return (await cache.match(url.pathname)) ?? new Response("This paper is not kept on this phone. Open it once with a connection.", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  // Served to its owner only: kept with the account it was fetched for, while that is still the phone's.
  if (response.status === 200 && key !== "visitor") event.waitUntil(keepPaper(key, url.pathname, response.clone()).catch(() => {}));
  // Deleted, or no longer this session's: the phone forgets it too.
  else if (response.status === 404 || response.status === 401) event.waitUntil(cache.delete(url.pathname).catch(() => {}));
  return response;
}

async function keepPaper(key, path, response) {
  if (key === (await currentAccount())) await (await caches.open(PAPERS(key))).put(path, response);
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
    const key = await currentAccount();
    if (key === "visitor") return;
    const cache = await caches.open(PAPERS(key));
    for (const old of await cache.keys()) {
      const path = new URL(old.url).pathname;
      if (path.startsWith(prefix) && !wanted.includes(path)) await cache.delete(old);
    }
    const kept = await caches.open(PAGES(key));
    for (const old of await kept.keys()) {
      const path = new URL(old.url).pathname.replace(/\.data$/, "");
      if (path.startsWith(`${pagePrefix}/`) && !wantedPages.includes(path)) await kept.delete(old);
    }
    for (const file of wanted) {
      if (await cache.match(file)) continue;
      try {
        const response = await fetch(file, { credentials: "same-origin", signal: AbortSignal.timeout(KEEP_FETCH_MS) });
        // Another account signed in meanwhile: not theirs to keep.
        if (key !== (await currentAccount())) return;
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
 * Fetches pages into the phone account's copies: "all"; "missing" (only
 * pages not kept yet); "missing-or-stale" (and copies older than FRESH_MS).
 * Each page on its own: one failing (a weak signal) leaves its older copy and
 * the rest go on. A page that now redirects (signed out) or is refused is
 * forgotten. One warm-up at a time; a second request waits for the first,
 * then runs.
 */
function warm(paths, mode) {
  const run = async () => {
    const queue = [...paths];
    for (const path of queue) {
      const cache = await caches.open(PAGES(await currentAccount()));
      if (mode !== "all") {
        const copy = await cache.match(path, { ignoreVary: true });
        const age = copy ? Date.now() - Date.parse(copy.headers.get("date") ?? "") : Infinity;
        if (copy && (BUILD === "unversioned" || copy.headers.get("X-Build") === BUILD) && (mode === "missing" || age < FRESH_MS)) continue;
      }
      const at = Date.now();
      let response;
      try {
        response = await fetch(path, { credentials: "same-origin", redirect: "manual", headers: KEPT_COPY, signal: AbortSignal.timeout(KEEP_FETCH_MS) });
      } catch {
        continue; // no signal for this one: its older copy stays, tried again another time
      }
      try {
        if (response.ok && isHtml(response)) {
          const linked = [...(await response.clone().text()).matchAll(KEEP_LINK)].map((m) => m[1].replaceAll("&amp;", "&")).filter(isPagePath);
          await keep(path, response, at);
          for (const link of linked) if (!queue.includes(link)) queue.push(link);
        } else if (response.type === "opaqueredirect" || response.status === 401 || response.status === 403) await cache.delete(path, { ignoreVary: true });
      } catch {
        // The store refused (full): the next page may still fit.
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
