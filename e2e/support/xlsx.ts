import readXlsxFile, { type CellValue } from "read-excel-file/node";
import { strFromU8, unzipSync } from "fflate";

/**
 * Reads an export's first sheet with a spreadsheet library (read-excel-file), as a spreadsheet
 * program would: numbers come back as numbers, cells with a date format as Dates. Returns each row
 * as a record by the header row's names.
 */
export async function xlsxRecords(file: Buffer): Promise<Array<Record<string, CellValue | null>>> {
  const [first] = await readXlsxFile(file);
  const [header = [], ...rows] = first?.data ?? [];
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [String(name), row[index] ?? null])));
}

/**
 * The first sheet's XML as written, to check how cells are stored: a formula is an `<f>` element,
 * a text a shared string (`t="s"`), whatever its first character.
 */
export function xlsxSheetXml(file: Buffer): string {
  const files = unzipSync(new Uint8Array(file), { filter: (entry) => entry.name === "xl/worksheets/sheet1.xml" });
  const sheet = files["xl/worksheets/sheet1.xml"];
  if (!sheet) throw new Error("no first sheet in the XLSX file");
  return strFromU8(sheet);
}
