/**
 * CSV files that staff open in a spreadsheet: quoted as RFC 4180 says, with two precautions for
 * Excel, which is what a Spanish, Catalan or Portuguese office opens them with.
 */

/** A cell: text as it is, a count, or nothing. */
export type CsvCell = string | number | null;

/**
 * Excel reads a CSV file as UTF-8 only when it starts with a byte order mark; without it "Peña" comes
 * out as "PeÃ±a".
 */
const BYTE_ORDER_MARK = "\uFEFF";

/**
 * Semicolons, not commas: Excel splits a CSV on the list separator of the computer's region, which in
 * Spain and Portugal is ";" (the comma is their decimal mark). A comma-separated file would open with
 * every field in the first column. The quoting is RFC 4180's whatever the separator.
 */
const SEPARATOR = ";";
const LINE_END = "\r\n";

/**
 * A spreadsheet runs a cell that starts with one of these as a formula ("=HYPERLINK(...)" in a
 * customer's courier note). A leading apostrophe makes it text (OWASP, "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;",\r\n]/;

function encodeCell(cell: CsvCell): string {
  if (cell === null) return "";
  // Numbers are the sheets' own counts, written as digits: a spreadsheet may add them up.
  if (typeof cell === "number") return String(cell);
  const safe = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The text of a CSV file: the byte order mark, then one line per row, each ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return BYTE_ORDER_MARK + rows.map((row) => row.map(encodeCell).join(SEPARATOR) + LINE_END).join("");
}
