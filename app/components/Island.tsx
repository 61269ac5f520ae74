import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";

type Module<P> = { default: ComponentType<P> };

const subscribeNever = () => () => {};
const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * A part of a server-rendered page whose code the browser fetches only
 * once the part is used (the run log's form, trends and filters: most of
 * that screen's JavaScript, on the phones this app is for).
 *
 * The server renders the part whole inside a <div>. In the browser the page
 * hydrates around that div without looking inside it (React leaves alone
 * what an element's `dangerouslySetInnerHTML` holds), so the server's HTML
 * stays as it is, working as plain HTML, and no code is fetched for it.
 * The part "wakes" when the rider presses, focuses or types inside it
 * (`wakeOnUse`), or when one of the `watch` values changes (new loader
 * data); its code then loads and hydrates the same HTML in a root of its
 * own, keeping what was typed and where the focus is, and from then on
 * renders with the current props. Rendered after a client-side navigation,
 * it loads at once.
 *
 * Its component must not use the router's hooks or components (it lives in
 * another React root): links and GET forms inside it are plain <a> and
 * <form method="get">, which become client-side navigations as every page's
 * do (app/lib/useLinkNavigation.ts).
 */
const serverLoads: Array<Promise<void>> = [];

/** Settles once the server has loaded the code of every part defined so far. */
export const islandsLoaded = () => Promise.all(serverLoads);

export function island<P extends object>(load: () => Promise<Module<P>>) {
  // The server loads every part when its module is first imported, and renders it directly: the
  // document is rendered to a string at once (entry.server.tsx waits for `islandsLoaded` first),
  // so the part is in the HTML. The browser calls `load` itself, only when the part wakes.
  let ServerPart: ComponentType<P> = lazy(load) as unknown as ComponentType<P>;
  if (typeof document === "undefined") {
    serverLoads.push(
      load().then((module) => {
        ServerPart = module.default;
      }),
    );
  }

  return function Island({ props, watch, wakeOnUse = false, id, className }: { props: P; watch: readonly unknown[]; wakeOnUse?: boolean; id?: string; className?: string }) {
    // False while hydrating the server's HTML, true in a render the browser makes on its own.
    const clientRender = useSyncExternalStore(subscribeNever, () => true, () => false);
    const [fromServer] = useState(!clientRender);
    const element = useRef<HTMLDivElement>(null);
    const state = useRef<{ root: Root | null; live: boolean; woken: boolean; first: { props: P; watch: readonly unknown[] }; latest: P; component: ComponentType<P> | null }>({
      root: null,
      live: false,
      woken: false,
      first: { props, watch },
      latest: props,
      component: null,
    });
    state.current.latest = props;

    function renderLatest() {
      const s = state.current;
      if (s.root && s.live && s.component) s.root.render(tree(s.component, s.latest));
    }

    function wake() {
      const s = state.current;
      if (s.woken) return;
      s.woken = true;
      void load().then((module) => {
        const div = element.current;
        if (!div || s.root) return;
        s.component = module.default;
        const Part = module.default;
        const live = () => {
          s.live = true;
          renderLatest();
        };
        if (fromServer) {
          // The HTML was rendered from the first props: hydrate with those, then catch up.
          s.root = hydrateRoot(div, tree(Part, s.first.props, live));
        } else {
          s.root = createRoot(div);
          s.live = true;
          renderLatest();
        }
      });
    }

    // A render of the browser's own (after a client-side navigation): no HTML to keep.
    useEffect(() => {
      if (!fromServer) wake();
    }, []); // eslint-disable-line react-hooks/exhaustive-deps

    useEffect(() => {
      const div = element.current;
      if (!div || !wakeOnUse || !fromServer) return;
      const events = ["pointerdown", "focusin", "keydown"] as const;
      for (const type of events) div.addEventListener(type, wake, { once: true, passive: true });
      return () => {
        for (const type of events) div.removeEventListener(type, wake);
      };
    }, [wakeOnUse]); // eslint-disable-line react-hooks/exhaustive-deps

    // New data: wake (the server's HTML no longer shows it), or show it.
    useEffect(() => {
      if (state.current.live) renderLatest();
      else if (!sameValues(watch, state.current.first.watch)) wake();
    });

    useEffect(
      () => () => {
        const root = state.current.root;
        // Not during the outer render that removes it.
        if (root) setTimeout(() => root.unmount(), 0);
      },
      [],
    );

    if (typeof document === "undefined") {
      return (
        <div id={id} className={className}>
          {tree(ServerPart, props)}
        </div>
      );
    }

    return (
      <div
        ref={element}
        id={id}
        className={className}
        // React hydrates this element without its content, which the part's own root manages.
        dangerouslySetInnerHTML={{ __html: "" }}
        suppressHydrationWarning
      />
    );
  };
}

/** The part as both sides render it: the same element tree, so the browser can hydrate the server's HTML. */
function tree<P extends object>(Part: ComponentType<P>, props: P, onMount?: () => void) {
  return (
    <Suspense fallback={null}>
      <Mounted onMount={onMount}>
        <Part {...props} />
      </Mounted>
    </Suspense>
  );
}

/** Tells when the part has mounted (hydrated); renders only its children. */
function Mounted({ onMount, children }: { onMount?: () => void; children: ReactNode }) {
  useEffect(() => onMount?.(), []); // eslint-disable-line react-hooks/exhaustive-deps
  return <>{children}</>;
}
