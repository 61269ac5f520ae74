/**
 * Both screens of "/" for the server's render (see app/routes/_index.tsx).
 * A `.server` module is empty in the browser bundle, so the browser fetches
 * only the screen it shows, on demand.
 */
export { Discover } from "./Discover";
export { Landing } from "~/features/landing/Landing";
