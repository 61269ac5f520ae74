import type { Area } from "../registry.server";

/** Seasons and their standings. Add their routes here (see ../document.server.ts). */
export const season: Area = () => {};
