import { z } from "zod";

/** Byte order mark: Excel reads a UTF-8 file without it as Windows-1252 and mangles accents. */
export const UTF8_BOM = "\uFEFF";

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, semicolon or line break (either
 * separator, so a field reads the same in both dialects), quotes doubled. A value that a spreadsheet would run as a formula (=, @, or + / - before a non-digit)
 * is prefixed with an apostrophe: customer names come from strangers.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=@\t\r]/.test(text) || /^[+-][^0-9]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole CSV document: BOM, header line, one line per row, CRLF line ends. The separator follows
 * the reader's spreadsheet: ";" where the decimal mark is a comma (pt-BR Excel), "," otherwise.
 */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
  separator: "," | ";" = ",",
): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(separator));
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
