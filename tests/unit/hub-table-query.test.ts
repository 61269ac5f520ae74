import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ENTRY_SEARCH_MAX, ENTRY_SHOWS, ENTRY_SORTS, entryTableQuerySchema, entryTableSearch } from "~/schemas/hubTable";

/** The entries table's view, read from and written to the query string: every view is a link. */
const parse = (search: string) => entryTableQuerySchema.parse(Object.fromEntries(new URLSearchParams(search.replace(/^\?/, ""))));

describe("the entries table's query string", () => {
  it("reads defaults from nothing and leaves them out of links", () => {
    const view = parse("");
    expect(view).toEqual({ q: "", class: "", show: "all", sort: "order", page: 1, entry: "", edit: "" });
    expect(entryTableSearch(view)).toBe("");
  });

  it("falls back to the default for anything it does not know", () => {
    expect(parse("?show=drop&sort=1;--&page=-3&q=%20%20x%20")).toMatchObject({ show: "all", sort: "order", page: 1, q: "x" });
    expect(parse(`?q=${"a".repeat(500)}`).q).toHaveLength(ENTRY_SEARCH_MAX);
    expect(parse("?page=2.5").page).toBe(1);
  });

  it("gives back the same view from the link it makes", () => {
    const view = fc.record({
      q: fc.string({ maxLength: ENTRY_SEARCH_MAX }).map((s) => s.trim()),
      class: fc.string({ maxLength: 64 }),
      show: fc.constantFrom(...ENTRY_SHOWS),
      sort: fc.constantFrom(...ENTRY_SORTS),
      page: fc.integer({ min: 1, max: 100_000 }),
      entry: fc.string({ maxLength: 64 }),
      edit: fc.string({ maxLength: 64 }),
    });
    fc.assert(
      fc.property(view, (v) => {
        expect(parse(entryTableSearch(v))).toEqual(v);
      }),
    );
  });
});
