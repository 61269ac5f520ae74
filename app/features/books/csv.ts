/**
 * CSV as spreadsheets read it: quoted when needed, CRLF line ends, and a
 * leading =, +, - or @ defused so a spreadsheet never runs a rider's name
 * (or a check's reference) as a formula.
 */
export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue) {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (rows: CsvValue[][]) => rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";

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
