import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { BottomNav } from "~/components/BottomNav";
import { Toaster } from "~/components/Toaster";
import { useNonce } from "~/lib/nonce";
import { loadShell } from "~/features/shell/shell.server";
import { UnreadCountContext, useUnreadCount } from "~/lib/useUnreadCount";
import { useLinkNavigation } from "~/lib/useLinkNavigation";
import { useOnline } from "~/lib/useOnline";
import { useKeepForOffline } from "~/lib/offline";
import { APP_NAME, APP_TAGLINE } from "~/schemas/constants";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [
  { title: APP_NAME },
  { name: "description", content: APP_TAGLINE },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadShell(request);
}

export type RootData = typeof loader;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<RootData>("root");
  const user = rootData?.user ?? null;
  const unread = useUnreadCount(user?.unreadCount ?? 0, Boolean(user));
  const online = useOnline();
  // A screen made for a wall (the arena screen): no app navigation around it.
  const screen = useMatches().some((m) => (m.handle as { screen?: boolean } | undefined)?.screen);
  useLinkNavigation();
  useKeepForOffline(Boolean(user));
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#843f19" />
        <Meta />
        <Links />
      </head>
      <body className={user && !screen ? "pb-20 lg:pb-0 lg:pl-56" : undefined}>
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
          Skip to content
        </a>
        <Toaster toast={rootData?.toast ?? null} />
        {online ? null : (
          <p role="status" className="sticky top-0 z-40 bg-gray-900 px-4 py-2 text-center text-sm font-medium text-white">
            You&apos;re offline: showing the last saved copy.
          </p>
        )}
        <UnreadCountContext.Provider value={unread}>{children}</UnreadCountContext.Provider>
        {user && !screen ? <BottomNav unreadCount={unread} isAdmin={user.isAdmin} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refusal (403 and its kin) says what the server said: "Only the event's producer can do that".
  const said = isRouteErrorResponse(error) && typeof error.data === "string" && status < 500 ? error.data : null;
  const message =
    status === 404 ? "404 Page Not Found" : status === 403 ? "This page is not yours to open" : status < 500 && said ? said : "Something went wrong. Please try again in a moment.";
  return (
    <main id="main" className="mx-auto flex min-h-[70vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{message}</h1>
      {status === 403 && said ? <p className="text-gray-800">{said.replace(/\.?$/, ".")}</p> : null}
      <a href="/" className="btn-primary">
        Go Home
      </a>
    </main>
  );
}
