import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { lazy, Suspense, type ComponentType } from "react";
import { homePage } from "~/features/discover/page.server";
import * as onServer from "~/features/discover/screens.server";
import { APP_NAME, APP_TAGLINE } from "~/schemas/constants";

export const meta: MetaFunction = () => [
  { title: `${APP_NAME}: find barrel races, log your runs` },
  { name: "description", content: APP_TAGLINE },
  { property: "og:title", content: APP_NAME },
  { property: "og:description", content: APP_TAGLINE },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return homePage(request);
}

/*
 * "/" is two screens: the landing page for visitors and Discover for riders.
 * Each is its own chunk, so neither pays for the other's JavaScript (the
 * 100 KB budget, tests/api/js-budget.test.ts). The server imports
 * both statically (screens.server.ts, an empty module in the browser), so
 * the page is always whole in the server HTML. In the browser the screen's
 * code is fetched while React hydrates, and React keeps the server's HTML
 * inside the Suspense boundary until it has arrived.
 */
type Screen = ComponentType;
const serverScreens: Partial<typeof onServer> = onServer;

function screen(serverSide: Screen | undefined, load: () => Promise<Screen>) {
  if (serverSide) return { Component: serverSide, preload: () => Promise.resolve() };
  let loaded: Screen | null = null;
  let loading: Promise<Screen> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error) => {
        loading = null;
        throw error;
      },
    ));
  // Once the code is here the thenable answers at once, so React renders without showing the fallback for a frame.
  const now = (component: Screen) => ({ then: (resolve: (m: { default: Screen }) => void) => resolve({ default: component }) });
  const Component = lazy(() => (loaded ? (now(loaded) as unknown as Promise<{ default: Screen }>) : preload().then((component) => ({ default: component }))));
  return { Component, preload };
}

const Landing = screen(serverScreens.Landing, () => import("~/features/landing/Landing").then((m) => m.Landing));
const Discover = screen(serverScreens.Discover, () => import("~/features/discover/Discover").then((m) => m.Discover));

/** A navigation inside the app: the screen's code is fetched with its data, so no empty frame shows. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader<typeof loader>();
  await (data.discover ? Discover : Landing).preload();
  return data;
}

export default function Index() {
  const { discover } = useLoaderData<typeof loader>();
  const Screen = discover ? Discover.Component : Landing.Component;
  return (
    <Suspense fallback={null}>
      <Screen />
    </Suspense>
  );
}
