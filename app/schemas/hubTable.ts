import { z } from "zod";
import { PAID_METHODS, type PaidMethod } from "#db/schema/paid-methods";
import { RACE_LIMITS } from "./raceday";

/*
 * The office's entries table on the race-day hub: which rows it shows (a
 * filter, a search by a rider's or horse's name or a back number, a sort
 * and a page), read from the page's query string so every view is a link
 * and works without JavaScript. The same query string names the class whose
 * edit form is open (`edit`), so opening and closing it keeps the view.
 */

export const ENTRY_TABLE_PAGE = 50;
/** How many entries one "mark paid" may carry: a page's worth, with room. */
export const ENTRY_BULK_MAX = 200;
export const ENTRY_SEARCH_MAX = 60;

export const ENTRY_SHOWS = ["all", "unpaid", "paid", "entered", "scratched", "late", "walkup"] as const;
export type EntryShow = (typeof ENTRY_SHOWS)[number];
export const ENTRY_SHOW_LABELS: Record<EntryShow, string> = {
  all: "All entries",
  unpaid: "Unpaid",
  paid: "Paid",
  entered: "Running (not scratched)",
  scratched: "Scratched",
  late: "Late",
  walkup: "Walk-ups",
};

export const ENTRY_SORTS = ["order", "back", "rider", "horse", "class", "paid"] as const;
export type EntrySort = (typeof ENTRY_SORTS)[number];
export const ENTRY_SORT_LABELS: Record<EntrySort, string> = {
  order: "Class and running order",
  back: "Back number",
  rider: "Rider",
  horse: "Horse",
  class: "Class",
  paid: "Unpaid first",
};

export { PAID_METHODS, type PaidMethod };
/** How an entry was paid, as the office reads it. */
export const PAID_METHOD_LABELS: Record<PaidMethod, string> = { CASH: "Cash", CHECK: "Check", CARD: "Card", ONLINE: "Online", COMP: "Comp" };
export const PAID_REFERENCE_MAX = RACE_LIMITS.paidReference;

export const HUB_TABLE_MESSAGES = {
  noneSelected: "Choose the entries to mark paid (tick their boxes)",
  tooMany: `Mark at most ${ENTRY_BULK_MAX} entries paid at once`,
  undoGone: "That change can no longer be undone: the entry changed since",
} as const;

const pick = <T extends readonly string[]>(values: T, fallback: T[number]) =>
  z
    .string()
    .optional()
    .transform((v) => ((values as readonly string[]).includes(v ?? "") ? (v as T[number]) : fallback));

/** The table's view from the query string: anything unknown falls back to the default rather than failing. */
export const entryTableQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, ENTRY_SEARCH_MAX)),
  class: z
    .string()
    .optional()
    .transform((v) => (v ?? "").slice(0, 64)),
  show: pick(ENTRY_SHOWS, "all"),
  sort: pick(ENTRY_SORTS, "order"),
  page: z
    .string()
    .optional()
    .transform((v) => {
      const n = Number(v);
      return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
    }),
  entry: z
    .string()
    .optional()
    .transform((v) => (v ?? "").slice(0, 64)),
  /** The class whose edit form the hub shows (the hub ignores an id that is not one of its classes). */
  edit: z
    .string()
    .optional()
    .transform((v) => (v ?? "").slice(0, 64)),
});
export type EntryTableQuery = z.infer<typeof entryTableQuerySchema>;

/** The query string of a view, leaving out defaults so links stay short. */
export function entryTableSearch(view: Partial<EntryTableQuery>) {
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  if (view.class) params.set("class", view.class);
  if (view.show && view.show !== "all") params.set("show", view.show);
  if (view.sort && view.sort !== "order") params.set("sort", view.sort);
  if (view.page && view.page > 1) params.set("page", String(view.page));
  if (view.entry) params.set("entry", view.entry);
  if (view.edit) params.set("edit", view.edit);
  const s = params.toString();
  return s ? `?${s}` : "";
}
