import { island } from "~/components/Island";

/*
 * The run log's parts whose code loads only when used (app/components/Island.tsx):
 * the run form (on first touch), the trends and the filters (when their data changes;
 * their links and filter form work as plain HTML until then).
 */
export const RunFormIsland = island(() => import("./RunForm"));
export const TrendsIsland = island(() => import("./TrendsPanel"));
export const FiltersIsland = island(() => import("./RunFilters"));
