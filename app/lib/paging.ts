/**
 * A list of cards (Discover's events, My Events' folders, the run log, a
 * profile's public runs) shows 12 at a time: a phone shows two or three cards on its screen, and on
 * a slow connection the first 12 arrive quickly. "Show more" adds the next 12.
 */
export const CARD_PAGE = 12;

/**
 * Long lists (run log, public runs, notifications) show a page and grow by
 * one through `?<param>=<count>`: a plain link, so "Show more" works without
 * JavaScript, and the loader's query stays one bounded, indexed query.
 */
export function shownCount(url: URL, param: string, page: number, max = page * 20) {
  const n = Number(url.searchParams.get(param));
  return Number.isInteger(n) && n > page ? Math.min(n, max) : page;
}
