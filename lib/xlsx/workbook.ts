import { zip } from "./zip";

// A minimal XLSX (Office Open XML SpreadsheetML) writer: one sheet, typed cells. Text goes inline
// (no shared-strings part), numbers as numbers, instants as date serials with a date style, so a
// spreadsheet sorts and sums them. A maintained library would be preferable; none may be added
// to this project, and the format's required parts are few.

export type Cell =
  | { kind: "text"; value: string }
  | { kind: "number"; value: number; decimals?: 0 | 2 }
  | { kind: "date"; value: Date; timeZone: string }
  | null;

export interface Sheet {
  name: string;
  header: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<Cell>>;
  /** Column widths in characters (optional, per column). */
  widths?: readonly number[];
}

// Style indexes in styles.xml's cellXfs.
const STYLE = { text: 0, header: 1, integer: 2, decimal: 3, date: 4 } as const;

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** XML text: escaped, and without the characters XML 1.0 cannot hold (controls, lone surrogates). */
export function xmlText(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      "",
    )
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** "A", "B", … "Z", "AA": a column's letters from its 0-based index. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The wall-clock time of an instant in a zone, as a spreadsheet date serial (days since 1899-12-30). */
export function dateSerial(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
  return wall / 86_400_000 + 25_569;
}

function cellXml(cell: Cell, ref: string, header = false): string {
  if (cell === null) return "";
  if (cell.kind === "text") {
    const style = header ? ` s="${STYLE.header}"` : "";
    return `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${xmlText(cell.value)}</t></is></c>`;
  }
  if (cell.kind === "number") {
    if (!Number.isFinite(cell.value)) return "";
    const style = cell.decimals === 2 ? STYLE.decimal : STYLE.integer;
    return `<c r="${ref}" s="${style}"><v>${cell.value}</v></c>`;
  }
  const serial = dateSerial(cell.value, cell.timeZone);
  return Number.isFinite(serial) ? `<c r="${ref}" s="${STYLE.date}"><v>${serial}</v></c>` : "";
}

function sheetXml(sheet: Sheet): string {
  const rows = [sheet.header.map((text): Cell => ({ kind: "text", value: text })), ...sheet.rows];
  const body = rows
    .map((row, r) => {
      const cells = row.map((cell, c) => cellXml(cell, `${columnName(c)}${r + 1}`, r === 0)).join("");
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join("");
  const cols = sheet.widths?.length
    ? `<cols>${sheet.widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join("")}</cols>`
    : "";
  // The header row stays in view while scrolling (a frozen pane under row 1).
  const views =
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
  return `${XML_HEADER}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${views}${cols}<sheetData>${body}</sheetData></worksheet>`;
}

/** dateFormat: the spreadsheet number format of dates, e.g. "dd/mm/yyyy hh:mm" for pt-BR. */
function stylesXml(dateFormat: string): string {
  return `${XML_HEADER}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="1"><numFmt numFmtId="164" formatCode="${xmlText(dateFormat)}"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="5">
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
</cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Sheet1";
}

/** The XLSX file of one sheet. */
export function xlsx(sheet: Sheet, options: { dateFormat: string; modified?: Date }): Buffer {
  const text = (value: string) => new TextEncoder().encode(value);
  return zip(
    [
      {
        name: "[Content_Types].xml",
        data: text(
          `${XML_HEADER}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
        ),
      },
      {
        name: "_rels/.rels",
        data: text(
          `${XML_HEADER}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        ),
      },
      {
        name: "xl/workbook.xml",
        data: text(
          `${XML_HEADER}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheetName(sheet.name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
      },
      {
        name: "xl/_rels/workbook.xml.rels",
        data: text(
          `${XML_HEADER}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
        ),
      },
      { name: "xl/styles.xml", data: text(stylesXml(options.dateFormat)) },
      { name: "xl/worksheets/sheet1.xml", data: text(sheetXml(sheet)) },
    ],
    options.modified,
  );
}
