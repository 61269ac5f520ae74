import { useFetchers, useSubmit } from "@remix-run/react";
import { useEffect } from "react";

type Navigate = (to: string, options: { preventScrollReset: boolean; replace: boolean }) => void;
type Submit = ReturnType<typeof useSubmit>;
type Router = { navigate(to: string, options: { preventScrollReset: boolean; replace: boolean }): Promise<void> };

/** Same-origin paths that are files or API answers, not pages: a click on a link to them loads it as the browser would. */
const NOT_A_PAGE = /^\/(?:api|uploads|build|calendar)\//;

/**
 * Links and GET forms of every page are plain <a href> and <form method="get">:
 * they work as they are without JavaScript, and the server renders them
 * without the router's per-link hooks (bench/README.md, "Profiles"). Once
 * JavaScript runs, one listener on the window (below) turns a click on a
 * same-origin link to a page, and a GET form sent to a page, into a
 * client-side navigation, as Remix's <Link> and <Form method="get"> do.
 *
 * A link to a page carries `data-discover`, as <Link> rendered it, so that
 * Remix learns the route behind it while the page is open (and it still
 * opens offline). A link or form opts out with `data-reload` (a whole page
 * load), a target or `download`. `data-keep-scroll` keeps the scroll
 * position (a tab or a filter on the same list); `data-replace` replaces the
 * history entry.
 *
 * A form marked `data-fetcher="<key>"` (saving an event from its card) is
 * sent in the background once JavaScript runs, as Remix's fetcher forms are:
 * the page stays, its data is reloaded, and `usePendingIntent(key)` tells
 * what is being sent meanwhile. Without JavaScript it is an ordinary post.
 * One listener instead of a fetcher per card; this hook, called once by the
 * root layout, installs it.
 */
export function useLinkNavigation() {
  const submit = useSubmit();
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => submitInBackground(event, submit);
    document.addEventListener("submit", onSubmit);
    return () => document.removeEventListener("submit", onSubmit);
  }, [submit]);
}

// Links and GET forms are taken over from the moment this module loads, before the page has
// hydrated, through Remix's router once it exists (React replays a click on a <Link> made during
// hydration; a listener added after hydration would miss it, and the click would load a whole page).
// On window, so that React's handlers on the document run first and may prevent the default.
if (typeof window !== "undefined") {
  const navigate: Navigate = (to, options) => void routerOf()?.navigate(to, options);
  window.addEventListener("click", (event) => routerOf() && followLink(event, navigate));
  window.addEventListener("submit", (event) => routerOf() && submitGetForm(event, navigate));
}

function routerOf(): Router | undefined {
  return (window as unknown as { __remixRouter?: Router }).__remixRouter;
}

/** The `intent` (the pressed button's value) of the background form `key` while it is being sent, else null. */
export function usePendingIntent(key: string): string | null {
  const sending = useFetchers().find((fetcher) => fetcher.key === key && fetcher.state !== "idle");
  const intent = sending?.formData?.get("intent");
  return typeof intent === "string" ? intent : null;
}

function followLink(event: MouseEvent, navigate: Navigate) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download") || link.hasAttribute("data-reload")) return;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin || NOT_A_PAGE.test(url.pathname)) return;
  // A link to a place on the same page ("#main") stays the browser's.
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
  event.preventDefault();
  navigate(`${url.pathname}${url.search}${url.hash}`, { preventScrollReset: link.hasAttribute("data-keep-scroll"), replace: link.hasAttribute("data-replace") });
}

function submitGetForm(event: SubmitEvent, navigate: Navigate) {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement) || form.method !== "get" || form.target || form.hasAttribute("data-reload")) return;
  const url = new URL(form.action);
  if (url.origin !== window.location.origin || NOT_A_PAGE.test(url.pathname)) return;
  event.preventDefault();
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form, event.submitter)) if (typeof value === "string") query.append(name, value);
  navigate(`${url.pathname}?${query}`, { preventScrollReset: form.hasAttribute("data-keep-scroll"), replace: form.hasAttribute("data-replace") });
}

function submitInBackground(event: SubmitEvent, submit: Submit) {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.dataset.fetcher) return;
  event.preventDefault();
  // Posted where the browser would post it (a form without an action posts to its page), not to
  // the root route that this listener belongs to.
  const action = new URL(form.action);
  submit(event.submitter instanceof HTMLButtonElement ? event.submitter : form, {
    navigate: false,
    fetcherKey: form.dataset.fetcher,
    preventScrollReset: true,
    action: `${action.pathname}${action.search}`,
  });
}
