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

/**
 * The signed-in reader's time zone (their home ZIP's), in which their screens
 * name times: the server renders with it and so does the browser, whatever
 * zone the phone is set to (app/lib/dates.ts). UTC for a visitor.
 */
export function useViewerZone() {
  return useShellUser()?.zone ?? "UTC";
}

/** This year, as the server's clock has it (the footer's copyright): the same in the server's page and the browser's. */
export function useThisYear() {
  return useRouteLoaderData<RootData>("root")?.year ?? new Date().getFullYear();
}
