import type { Area } from "../registry.server";

/** Race day: classes, entries, times, results. Add its routes here (see ../document.server.ts). */
export const raceday: Area = () => {};
