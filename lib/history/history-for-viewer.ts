import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { storesForViewer } from "@/lib/auth/kitchen";
import type { Viewer } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { exportHistory, type CsvColumn, type ExportFormat } from "./export";
import type { HistoryFilters } from "@/lib/contract/history";
import { listHistory, type HistoryScope } from "./history";
import { KNOWN_PLATFORM_STATUSES } from "./statuses";
import type { HistoryPage } from "./types";

// The entry points of the history for routes and pages: the viewer's stores, then the work.

const KNOWN_TYPES = ["DELIVERY", "TAKEOUT", "INDOOR"];
const KNOWN_METHODS = ["PIX", "CASH", "CREDIT", "DEBIT", "MEAL_VOUCHER", "FOOD_VOUCHER", "DIGITAL_WALLET", "OTHER"];
const KNOWN_COLUMNS = ["new", "preparing", "ready", "dispatched", "done", "cancelled"];

/** The viewer's stores; a store filter outside them is refused (routes check it first too). */
export async function historyScope(viewer: Viewer, filters: Pick<HistoryFilters, "store">): Promise<HistoryScope> {
  const [stores, locale] = await Promise.all([storesForViewer(viewer), getLocale()]);
  if (filters.store && !stores.some((store) => store.id === filters.store)) {
    throw new AppError("forbidden", "This belongs to a store your account does not have access to.");
  }
  return { stores, locale };
}

export async function historyPageFor(viewer: Viewer, filters: HistoryFilters): Promise<HistoryPage> {
  return listHistory(await getDb(), await historyScope(viewer, filters), filters);
}

/** The export download (CSV in the viewer's dialect, or XLSX): body and headers (attachment). */
export async function historyExportResponse(
  viewer: Viewer,
  filters: HistoryFilters,
  format: ExportFormat,
): Promise<Response> {
  const [scope, t, tColumns, tTypes, tHistory, tExport, tMethod, locale] = await Promise.all([
    historyScope(viewer, filters),
    getTranslations("history.csv"),
    getTranslations("columns"),
    getTranslations("orderType"),
    getTranslations("history"),
    getTranslations("historyExport"),
    getTranslations("details.method"),
    getLocale(),
  ]);
  const { body, filename } = await exportHistory(
    await getDb(),
    scope,
    filters,
    {
      header: (column: CsvColumn) => t(column),
      status: (column) => (KNOWN_COLUMNS.includes(column) ? tColumns(`${column as "new"}.title`) : column),
      type: (type) => (KNOWN_TYPES.includes(type) ? tTypes(type as "DELIVERY") : type),
      platformStatus: (status) =>
        (KNOWN_PLATFORM_STATUSES as readonly string[]).includes(status)
          ? tHistory(`platformStatus.${status as "DONE"}`)
          : status,
      source: (source) => tExport(`source.${source}`),
      ownChannel: tExport("ownChannel"),
      payment: (line) =>
        [
          line.method ? (KNOWN_METHODS.includes(line.method) ? tMethod(line.method as "PIX") : line.method) : null,
          line.type === "PREPAID" ? tExport("prepaid") : line.type === "PENDING" ? tExport("pending") : line.type,
        ]
          .filter(Boolean)
          .join(" "),
      fileName: ({ fromDay, toDay }) =>
        fromDay === toDay
          ? tExport("fileNameDay", { day: fromDay })
          : tExport("fileName", { from: fromDay, to: toDay }),
      locale,
    },
    format,
  );
  return new Response(typeof body === "string" ? body : new Uint8Array(body), {
    headers: {
      "content-type":
        format === "xlsx"
          ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          : "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}
