import { parseInput, queryStore, withSession } from "@/lib/api/handler";
import { exportFormatSchema, historyFiltersSchema } from "@/lib/contract/history";
import { searchParamsRecord } from "@/lib/contract/search-params";
import { historyExportResponse } from "@/lib/history/history-for-viewer";

export const dynamic = "force-dynamic";

/**
 * The history as CSV (UTF-8 with BOM, the viewer's dialect) or XLSX (`format=xlsx`, typed cells):
 * one row per order, named columns, same filters and sort as the list.
 */
export const GET = withSession({ role: "manager", store: queryStore }, async (request, _params, viewer) => {
  const query = searchParamsRecord(new URL(request.url).searchParams);
  const filters = parseInput(historyFiltersSchema, query);
  const { format } = parseInput(exportFormatSchema, { format: query.format });
  return historyExportResponse(viewer, filters, format);
});
