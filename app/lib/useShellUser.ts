import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";

/**
 * The shell's signed-in user, or null, for any route. Not exported by
 * app/root.tsx itself: a screen or component importing the root module
 * would move it into a shared chunk and cost every page an extra script.
 */
export function useShellUser() {
  return useRouteLoaderData<RootData>("root")?.user ?? null;
}
