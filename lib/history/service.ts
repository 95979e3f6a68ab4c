import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { storesForViewer } from "@/lib/auth/kitchen";
import type { Viewer } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { exportHistoryCsv, type CsvColumn } from "./export";
import type { HistoryFilters } from "./filters";
import { listHistory, type HistoryScope } from "./history";
import type { HistoryPage } from "./types";

// The entry points of the history for routes and pages: the viewer's stores, then the work.

const KNOWN_TYPES = ["DELIVERY", "TAKEOUT", "INDOOR"];
const KNOWN_COLUMNS = ["new", "preparing", "ready", "dispatched", "done", "cancelled"];

/** The viewer's stores; a store filter outside them is refused (routes check it first too). */
export async function historyScope(viewer: Viewer, filters: Pick<HistoryFilters, "store">): Promise<HistoryScope> {
  const stores = await storesForViewer(viewer);
  if (filters.store && !stores.some((store) => store.id === filters.store)) {
    throw new AppError("forbidden", "This belongs to a store your account does not have access to.");
  }
  return { stores };
}

export async function historyPageFor(viewer: Viewer, filters: HistoryFilters): Promise<HistoryPage> {
  return listHistory(await getDb(), await historyScope(viewer, filters), filters);
}

/** The CSV download: body and headers (attachment, UTF-8). */
export async function historyCsvResponse(viewer: Viewer, filters: HistoryFilters): Promise<Response> {
  const [scope, t, tColumns, tTypes, locale] = await Promise.all([
    historyScope(viewer, filters),
    getTranslations("history.csv"),
    getTranslations("columns"),
    getTranslations("orderType"),
    getLocale(),
  ]);
  const { csv, filename } = await exportHistoryCsv(await getDb(), scope, filters, {
    header: (column: CsvColumn) => t(column),
    status: (column) => (KNOWN_COLUMNS.includes(column) ? tColumns(`${column as "new"}.title`) : column),
    type: (type) => (KNOWN_TYPES.includes(type) ? tTypes(type as "DELIVERY") : type),
    locale,
  });
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}
