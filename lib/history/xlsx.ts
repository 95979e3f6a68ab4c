import "server-only";
import writeXlsxFile, { type Cell as SheetCell, type Row } from "write-excel-file/node";
import { localParts } from "@/lib/time/local-days";

// The history's XLSX export, written by a maintained library (write-excel-file): typed cells, so
// a spreadsheet sorts and sums them — text as text, amounts as numbers, times as dates.

export type Cell =
  | { kind: "text"; value: string }
  | { kind: "number"; value: number; decimals?: 0 | 2 }
  | { kind: "date"; value: Date; timeZone: string }
  | null;

export interface Sheet {
  name: string;
  header: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<Cell>>;
}

/** Characters XML 1.0 cannot hold (controls, lone surrogates): dropped, or the file would not open. */
export function xmlSafe(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "",
  );
}

/**
 * The wall-clock time of an instant in a zone, as the Date whose UTC fields show it: spreadsheet
 * dates have no zone, and the library counts a Date's days in UTC.
 */
export function wallClock(instant: Date, timeZone: string): Date {
  // The zone's offset at that instant, from the one reader of local time (lib/time/local-days.ts).
  return new Date(Math.floor(instant.getTime() / 1000) * 1000 + localParts(instant, timeZone).offsetMs);
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return (
    xmlSafe(name)
      .replace(/[:\\/?*[\]]/g, " ")
      .slice(0, 31) || "Sheet1"
  );
}

function sheetCell(cell: Cell, dateFormat: string): SheetCell {
  if (cell === null) return null;
  if (cell.kind === "text") return { type: String, value: xmlSafe(cell.value) };
  if (cell.kind === "number")
    return Number.isFinite(cell.value)
      ? { type: Number, value: cell.value, format: cell.decimals === 2 ? "#,##0.00" : "0" }
      : null;
  const value = wallClock(cell.value, cell.timeZone);
  return Number.isNaN(value.getTime()) ? null : { type: Date, value, format: dateFormat };
}

/** The XLSX file of one sheet, its header row bold and kept in view; dateFormat e.g. "dd/mm/yyyy hh:mm". */
export function xlsx(sheet: Sheet, { dateFormat }: { dateFormat: string }): Promise<Buffer> {
  const header: Row = sheet.header.map((text) => ({ type: String, value: xmlSafe(text), fontWeight: "bold" }));
  const rows: Row[] = sheet.rows.map((row) => row.map((cell) => sheetCell(cell, dateFormat)));
  return writeXlsxFile([header, ...rows], { sheet: sheetName(sheet.name), stickyRowsCount: 1 }).toBuffer();
}
