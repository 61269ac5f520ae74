import fc from "fast-check";
import { parse } from "csv-parse/sync";
import { csvCell, toCsv } from "~/lib/csv";

describe("the one CSV writer", () => {
  it("defuses a formula at the start of any text cell, and quotes what needs it", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("=evil@example.com")).toBe("'=evil@example.com");
    expect(csvCell(-250)).toBe("-250");
    expect(csvCell(null)).toBe("");
    expect(csvCell(true)).toBe("yes");
  });

  it("reads back as the cells written, none of them starting a formula", () => {
    expect(parse(toCsv([["'-", "-"]]))).toEqual([["'-", "'-"]]);
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const width = rows[0]!.length;
        const even = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ""));
        const back = parse(toCsv(even), { relax_column_count: true }) as string[][];
        expect(back).toHaveLength(even.length);
        back.forEach((row, i) =>
          row.forEach((cell, j) => {
            expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
            // What was written, with an apostrophe before it only when it began as a formula
            // (a cell that already began with an apostrophe reads back unchanged).
            const written = even[i]![j]!;
            expect(cell).toBe(/^[=+\-@\t\r]/.test(written) ? `'${written}` : written);
          }),
        );
      }),
    );
  });
});
