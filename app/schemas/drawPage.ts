import { z } from "zod";

/*
 * The public draw page's view from its query string: a search by a rider's
 * or horse's name or a back number, and which page of which class. Anything
 * unknown falls back to the first page, so every view is a plain link.
 */

import { DRAW_PAGE_SIZE, DRAW_SEARCH_MAX, DRAW_SEARCH_SHOWN } from "./raceday-words";
export { DRAW_PAGE_SIZE, DRAW_SEARCH_MAX, DRAW_SEARCH_SHOWN };

export const drawPageQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, DRAW_SEARCH_MAX)),
  class: z
    .string()
    .optional()
    .transform((v) => (v ?? "").slice(0, 64)),
  page: z
    .string()
    .optional()
    .transform((v) => {
      const n = Number(v);
      return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
    }),
});
export type DrawPageQuery = z.infer<typeof drawPageQuerySchema>;
