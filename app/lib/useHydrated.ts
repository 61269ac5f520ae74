import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * False in the server HTML and during hydration, true once JavaScript runs.
 * One hook and no state of its own (the server renders it on every card).
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
