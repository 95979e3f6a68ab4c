import "server-only";
import type { Database } from "@/lib/db";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import { cancellationReasons } from "./cancellations";
import { itemsText, paymentText, toCsv } from "./csv";
import type { HistoryFilters } from "./filters";
import { historyForExport, type HistoryScope } from "./history";

/** The CSV's columns, in order; the header line names them in the viewer's language. */
export const CSV_COLUMNS = [
  "store",
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
  "total",
  "currency",
  "payment",
  "source",
  "cancellationReason",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export interface CsvWords {
  header: (column: CsvColumn) => string;
  /** A Comanda status (board column) in words. */
  status: (column: string) => string;
  /** An order type in words (unknown types as sent). */
  type: (type: string) => string;
  locale: string;
}

/** The history export: one row per order (Comanda's and platform-only ones), named columns. */
export async function exportHistoryCsv(
  db: Database,
  scope: HistoryScope,
  filters: HistoryFilters,
  words: CsvWords,
): Promise<{ csv: string; filename: string; rows: number }> {
  const { rows, range } = await historyForExport(db, scope, filters);
  const reasons = await cancellationReasons(
    db,
    rows.filter((row) => row.column === "cancelled" || row.platformStatus === "CANCELLED").map((row) => row.id),
  );
  const localTime = new Intl.DateTimeFormat(words.locale, {
    timeZone: DEFAULT_TIME_ZONE,
    dateStyle: "short",
    timeStyle: "short",
  });
  const lines = rows.map((row) => {
    const values: Record<CsvColumn, string | number | null> = {
      store: row.storeName,
      displayId: row.displayId,
      orderId: row.id,
      placedAtIso: row.placedAt,
      placedAtLocal: localTime.format(new Date(row.placedAt)),
      type: row.type ? words.type(row.type) : null,
      status: row.column ? words.status(row.column) : null,
      platformStatus: row.platformStatus,
      customer: row.customerName,
      phone: row.phone,
      items: itemsText(row.details),
      total: row.total ? row.total.value.toFixed(2) : null,
      currency: row.total?.currency ?? null,
      payment: paymentText(row.details),
      source: row.source,
      cancellationReason: reasons.get(row.id) ?? null,
    };
    return CSV_COLUMNS.map((column) => values[column]);
  });
  return {
    csv: toCsv(CSV_COLUMNS.map(words.header), lines),
    filename: `comanda-orders-${range.fromDay}-to-${range.toDay}.csv`,
    rows: rows.length,
  };
}
