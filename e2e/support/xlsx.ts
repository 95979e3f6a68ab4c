import readXlsxFile, { type CellValue } from "read-excel-file/node";

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
