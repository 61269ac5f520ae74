import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { showToast } from "~/components/Toaster";

/*
 * The page's side of the service worker (public/sw.js): registering this
 * build's worker, telling it which page to keep, and forgetting the kept
 * pages at sign-out. Browser-only work; imported by the root and the entry.
 */

/** Pages and papers kept for offline use (public/sw.js): deleted once a sign-out reaches the server. */
const isKeptCache = (name: string) => name.startsWith("kept-pages-") || name.startsWith("kept-papers-") || name === "keep-wanted" || name === "keep-state";

declare global {
  interface Window {
    __remixManifest?: { version?: string };
  }
}

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * Registers the worker of the build this page runs (each build keeps its own
 * whole set of files). Called once the page is interactive (the root's first
 * effect): the worker keeps what the phone needs in its install, after the
 * page's own loading and going on after the page closes.
 */
function registerServiceWorker() {
  const build = window.__remixManifest?.version ?? "";
  // Not fatal when it fails: the app works online without it.
  registration ??= navigator.serviceWorker.register(`/sw.js?build=${encodeURIComponent(build)}`).catch(() => null);
  return registration;
}

/**
 * Asks the worker to keep this page (and, signed in, the rider's own). The
 * ask is written down first, where the worker reads it (public/sw.js,
 * WANTED): a worker still installing reads it when its install ends, so a
 * page closed a moment after it opened is kept all the same.
 */
async function askToKeep(paths: string[], signedIn: boolean) {
  if (typeof caches === "undefined") return;
  const wanted = await caches.open("keep-wanted");
  for (const path of paths) await wanted.put(`/__keep?${new URLSearchParams({ path, signedIn: signedIn ? "1" : "0" })}`, new Response(""));
  const r = await registerServiceWorker();
  // The newest worker, even one still installing: it reads the asks as soon as it is told.
  // The build this tab runs: its files stay on the phone while the tab is open (an old tab after an update).
  (r?.installing ?? r?.waiting ?? r?.active)?.postMessage({ type: "keep", build: window.__remixManifest?.version ?? "" });
}

/**
 * Each page, once interactive and after every navigation, is kept by the
 * worker (a page reached by a client-side navigation was never fetched as a
 * document, and the first page loaded before the worker existed); signed in,
 * the rider's own pages are kept too.
 */
export function useKeepForOffline(signedIn: boolean) {
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  useEffect(() => {
    if ("serviceWorker" in navigator) void askToKeep([path], signedIn).catch(() => {});
  }, [path, signedIn]);

  useEffect(() => {
    // Signing out with no signal fails: said here, and the pages stay (the rider is still signed in).
    // With signal the worker deletes this account's pages once the server has answered (public/sw.js);
    // a page the worker does not control forgets them itself.
    const onSubmit = (e: SubmitEvent) => {
      const form = e.target as HTMLFormElement;
      if (new URL(form.action, window.location.href).pathname !== "/logout") return;
      if (!navigator.onLine) {
        e.preventDefault();
        e.stopImmediatePropagation();
        showToast({ type: "error", title: "Not signed out", description: "You're offline: sign out again when you have signal. This phone keeps your pages until then." });
        return;
      }
      if (!navigator.serviceWorker?.controller && typeof caches !== "undefined") {
        void caches.keys().then((names) => Promise.all(names.filter(isKeptCache).map((name) => caches.delete(name))));
      }
    };
    // Before the page's own handlers (capture, on the window): an offline sign-out is not sent at all.
    window.addEventListener("submit", onSubmit, true);
    return () => window.removeEventListener("submit", onSubmit, true);
  }, []);
}

/** Asks the worker for fresh copies of these kept pages (after changes reached the server). */
export function refreshKeptPages(urls: string[]) {
  navigator.serviceWorker?.controller?.postMessage({ type: "refresh", urls: [...new Set(urls)] });
}
