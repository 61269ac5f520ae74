/** The app's one CSV writer (app/lib/csv.ts), and what the books' files add to it. */
export { csvCell, toCsv, type CsvValue } from "~/lib/csv";

/** Cents as a spreadsheet's number: 82144 -> "821.44". */
export const csvDollars = (cents: number) => `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/** A file name made of a title's letters and digits. */
export const fileNameOf = (title: string, fallback: string) => title.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 80) || fallback;

export function csvResponse(body: string, fileName: string) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}.csv"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
