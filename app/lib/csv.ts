/**
 * The one CSV writer of every export (the books, the year's winnings, a
 * series' standings, the member list, a class's results): quoted when
 * needed, CRLF line ends, and every text cell whose first character a
 * spreadsheet reads as a formula (=, +, -, @, a tab or a carriage return)
 * defused with a leading apostrophe, whatever the column: a name, an email,
 * a check's reference.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue) {
  if (value === null || value === undefined) return "";
  let text = typeof value === "boolean" ? (value ? "yes" : "no") : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the header first) as one CSV text. */
export const toCsv = (rows: readonly (readonly CsvValue[])[]) => rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
