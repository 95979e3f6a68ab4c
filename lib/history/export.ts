import "server-only";
import type { Database } from "@/lib/db";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import { localParts } from "@/lib/time/local-days";
import { xlsx, type Cell } from "./xlsx";
import { cancellationReasons } from "./cancellations";
import { itemsText, paymentLines, toCsv, type CsvCell, type PaymentLine } from "./csv";
import type { HistoryFilters } from "@/lib/contract/history";
import { historyForExport, type HistoryScope } from "./history";
import { moneyBreakdown } from "./money-breakdown";
import type { HistorySource } from "./types";

/** The export's columns, in order; the header line names them in the viewer's language. */
export const CSV_COLUMNS = [
  "store",
  "channel",
  "platform",
  "displayId",
  "orderId",
  "placedAtIso",
  "placedAtLocal",
  "type",
  "status",
  "platformStatus",
  "customer",
  "phone",
  "items",
  "itemsPrice",
  "fees",
  "minOrderFee",
  "discount",
  "total",
  "currency",
  "payment",
  "source",
  "cancellationReason",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Every value of the export in the viewer's words: no internal code reaches the file. */
export interface CsvWords {
  header: (column: CsvColumn) => string;
  /** A Comanda status (board column) in words. */
  status: (column: string) => string;
  /** An order type in words (unknown types as sent). */
  type: (type: string) => string;
  /** A platform status in words (unknown ones as sent). */
  platformStatus?: (status: string) => string;
  /** Where the row comes from, in words. */
  source?: (source: HistorySource) => string;
  /** The platform cell of the restaurant's own channel (counter, phone), which has none. */
  ownChannel?: string;
  /** A payment method and whether it is paid or to collect, in words. */
  payment?: (line: PaymentLine) => string;
  /** The download's name without its extension, in words ("pedidos-2026-11-27"). */
  fileName?: (range: { fromDay: string; toDay: string }) => string;
  locale: string;
}

export type ExportFormat = "csv" | "xlsx";

/** The reader's number conventions: pt-BR writes 93,90 and separates fields with ";". */
function dialect(locale: string): { separator: "," | ";"; decimal: "," | "."; dateFormat: string } {
  return locale.startsWith("pt")
    ? { separator: ";", decimal: ",", dateFormat: "dd/mm/yyyy hh:mm" }
    : { separator: ",", decimal: ".", dateFormat: "yyyy-mm-dd hh:mm" };
}

/** "22/11/2026 21:40" (pt-BR) or "2026-11-22 21:40": a form spreadsheets read as a date. */
function localDateTime(instant: Date, timeZone: string, locale: string): string {
  const { day } = localParts(instant, timeZone);
  const clock = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .format(instant)
    .replace(/\u200e/g, "");
  const [year, month, date] = day.split("-");
  return locale.startsWith("pt") ? `${date}/${month}/${year} ${clock}` : `${day} ${clock}`;
}

const amount = (value: number, decimal: "," | ".") => value.toFixed(2).replace(".", decimal);

/**
 * The history export: one row per order (Comanda's and platform-only ones), named columns, every
 * value in the viewer's language: CSV in the reader's dialect, or XLSX with typed cells (numbers
 * as numbers, the local time as a date).
 */
export async function exportHistory(
  db: Database,
  scope: HistoryScope,
  filters: HistoryFilters,
  words: CsvWords,
  format: ExportFormat = "csv",
): Promise<{ body: Buffer | string; filename: string; rows: number }> {
  const { rows, range } = await historyForExport(db, scope, filters);
  const reasons = await cancellationReasons(
    db,
    rows.filter((row) => row.column === "cancelled" || row.platformStatus === "CANCELLED").map((row) => row.id),
  );
  const { separator, decimal, dateFormat } = dialect(words.locale);
  const paymentWords = words.payment ?? ((line: PaymentLine) => [line.method, line.type].filter(Boolean).join(" "));
  const typed = rows.map((row) => {
    const placed = new Date(row.placedAt);
    const payment = paymentLines(row.details)
      .map((line) =>
        [paymentWords(line), line.value === null ? null : amount(line.value, decimal)].filter(Boolean).join(" "),
      )
      .join("; ");
    const text = (value: string | null | undefined): Cell => (value ? { kind: "text", value } : null);
    const money = (value: number | null): Cell => (value === null ? null : { kind: "number", value, decimals: 2 });
    const breakdown = moneyBreakdown(row.details);
    const cells: Record<CsvColumn, Cell> = {
      store: text(row.storeName),
      channel: text(row.channelLabel ?? row.channelId),
      platform: text(row.platformName ?? (row.channelLabel ? words.ownChannel : null)),
      displayId: text(row.displayId),
      orderId: text(row.id),
      placedAtIso: text(row.placedAt),
      placedAtLocal: Number.isNaN(placed.getTime())
        ? null
        : { kind: "date", value: placed, timeZone: row.timeZone ?? DEFAULT_TIME_ZONE },
      type: text(row.type ? words.type(row.type) : null),
      status: text(row.column ? words.status(row.column) : null),
      platformStatus: text(
        row.platformStatus ? (words.platformStatus?.(row.platformStatus) ?? row.platformStatus) : null,
      ),
      customer: text(row.customerName),
      phone: text(row.phone),
      items: text(itemsText(row.details)),
      itemsPrice: money(breakdown.itemsPrice),
      fees: money(breakdown.fees),
      minOrderFee: money(breakdown.minOrderFee),
      discount: money(breakdown.discount),
      total: row.total ? { kind: "number", value: row.total.value, decimals: 2 } : null,
      currency: text(row.total?.currency),
      payment: text(payment),
      source: text(words.source?.(row.source) ?? row.source),
      cancellationReason: text(reasons.get(row.id)),
    };
    return CSV_COLUMNS.map((column) => cells[column]);
  });
  const header = CSV_COLUMNS.map(words.header);
  const name = exportFileStem(words.fileName?.(range) ?? englishFileName(range));
  if (format === "xlsx") {
    return {
      body: await xlsx({ name: "Comanda", header, rows: typed }, { dateFormat }),
      filename: `${name}.xlsx`,
      rows: rows.length,
    };
  }
  // Only typed numbers are written as numbers; every text (names, phones, notes: strangers') is
  // defused of formulas by the writer, and a date is the writer's own digits.
  const csvValue = (cell: Cell): CsvCell => {
    if (cell === null) return null;
    if (cell.kind === "text") return cell.value;
    if (cell.kind === "number") return { number: cell.value, decimals: cell.decimals ?? 0 };
    return localDateTime(cell.value, cell.timeZone, words.locale);
  };
  return {
    body: toCsv(
      header,
      typed.map((row) => row.map(csvValue)),
      separator,
    ),
    filename: `${name}.csv`,
    rows: rows.length,
  };
}

function englishFileName({ fromDay, toDay }: { fromDay: string; toDay: string }): string {
  return fromDay === toDay ? `orders-${fromDay}` : `orders-${fromDay}-to-${toDay}`;
}

/**
 * A download name any browser and file system keeps: letters without accents, digits, dots and
 * dashes only (it goes in a Content-Disposition header as is).
 */
export function exportFileStem(name: string): string {
  const plain = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|-+$/g, "");
  return plain || "orders";
}

/** The CSV export (kept for callers that want text). */
export async function exportHistoryCsv(
  db: Database,
  scope: HistoryScope,
  filters: HistoryFilters,
  words: CsvWords,
): Promise<{ csv: string; filename: string; rows: number }> {
  const { body, filename, rows } = await exportHistory(db, scope, filters, words, "csv");
  return { csv: String(body), filename, rows };
}
