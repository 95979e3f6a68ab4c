import { parseInput, withSession } from "@/lib/api/handler";
import { historyFiltersSchema, searchParamsRecord } from "@/lib/history/filters";
import { z } from "zod";
import { historyExportResponse } from "@/lib/history/history-for-viewer";

export const dynamic = "force-dynamic";

const storeParam = async (_params: unknown, request: Request) => new URL(request.url).searchParams.get("store") || [];

const formatSchema = z.object({ format: z.enum(["csv", "xlsx"]).default("csv") });

/**
 * The history as CSV (UTF-8 with BOM, the viewer's dialect) or XLSX (`format=xlsx`, typed cells):
 * one row per order, named columns, same filters and sort as the list.
 */
export const GET = withSession({ role: "manager", store: storeParam }, async (request, _params, viewer) => {
  const query = searchParamsRecord(new URL(request.url).searchParams);
  const filters = parseInput(historyFiltersSchema, query);
  const { format } = parseInput(formatSchema, { format: query.format });
  return historyExportResponse(viewer, filters, format);
});
