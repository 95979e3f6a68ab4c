import { z } from "zod";

/** Byte order mark: Excel reads a UTF-8 file without it as Windows-1252 and mangles accents. */
export const UTF8_BOM = "\uFEFF";

/**
 * A cell the CSV writes as a number: the only cells a spreadsheet may read as anything but text.
 * Written by the writer itself from a finite number (digits, one decimal mark, perhaps a leading
 * minus), so nothing a stranger typed can take this path.
 */
export interface CsvNumber {
  number: number;
  decimals: 0 | 2;
}

export type CsvCell = string | CsvNumber | null | undefined;

/**
 * What spreadsheets (Excel, LibreOffice, Google Sheets) take for the start of a formula: =, +, -
 * or @, also after leading blanks (some importers trim them); a leading tab or carriage return
 * too (OWASP's list). "+1+2" is a formula as much as "=1+2", and "-1+1+cmd|' /C calc'!A0" runs a
 * program. Their full-width forms (＝＋－＠) as well: input methods turn them into the ASCII ones
 * as they are typed, whether an importer does is the spreadsheet's choice, and defusing them only
 * costs the rare name that starts with one an apostrophe.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

/** Whether a spreadsheet would read this text cell as a formula. */
export function readsAsFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** Text a spreadsheet shows as text: a formula-like value gets a leading apostrophe (OWASP's advice). */
export function defuseFormula(text: string): string {
  return readsAsFormula(text) ? `'${text}` : text;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, semicolon or line break (either
 * separator, so a field reads the same in both dialects), quotes doubled. Text is defused of
 * formulas whatever follows its first sign (customer names, notes and phones come from
 * strangers); numbers are written with the reader's decimal mark, a non-finite one as empty.
 */
export function csvField(value: CsvCell, decimal: "," | "." = "."): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (typeof value === "string") text = defuseFormula(value);
  else if (!Number.isFinite(value.number)) return "";
  else text = value.number.toFixed(value.decimals).replace(".", decimal);
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole CSV document: BOM, header line, one line per row, CRLF line ends. The separator follows
 * the reader's spreadsheet: ";" where the decimal mark is a comma (pt-BR Excel), "," otherwise.
 */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<CsvCell>>,
  separator: "," | ";" = ",",
): string {
  const decimal = separator === ";" ? "," : ".";
  const lines = [header, ...rows].map((row) => row.map((cell) => csvField(cell, decimal)).join(separator));
  return `${UTF8_BOM}${lines.join("\r\n")}\r\n`;
}

// The parts of the platform's order details the export reads; everything optional (raw payload).
const detailsSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            name: z.string().optional(),
            quantity: z.number().optional(),
            options: z
              .array(z.object({ name: z.string().optional(), quantity: z.number().optional() }).loose())
              .nullish(),
          })
          .loose(),
      )
      .optional(),
    payments: z
      .object({
        methods: z
          .array(
            z
              .object({ method: z.string().optional(), type: z.string().optional(), value: z.number().optional() })
              .loose(),
          )
          .nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose();

/** "2× Pizza Grande (1/2 Calabresa, 1/2 Margherita); 1× Coca-Cola 2 L" */
export function itemsText(details: unknown): string {
  const parsed = detailsSchema.safeParse(details);
  if (!parsed.success) return "";
  return (parsed.data.items ?? [])
    .map((item) => {
      const options = (item.options ?? []).map((option) => option.name?.trim()).filter(Boolean);
      return `${item.quantity ?? 1}× ${item.name?.trim() || "?"}${options.length ? ` (${options.join(", ")})` : ""}`;
    })
    .join("; ");
}

export interface PaymentLine {
  method: string | null;
  type: string | null;
  value: number | null;
}

/** The payment methods of the platform's raw details (the export words them in the reader's language). */
export function paymentLines(details: unknown): PaymentLine[] {
  const parsed = detailsSchema.safeParse(details);
  if (!parsed.success) return [];
  return (parsed.data.payments?.methods ?? []).map((method) => ({
    method: method.method ?? null,
    type: method.type ?? null,
    value: typeof method.value === "number" ? method.value : null,
  }));
}
