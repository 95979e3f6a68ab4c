import { parseInput, withSession } from "@/lib/api/handler";
import { historyFiltersSchema, searchParamsRecord } from "@/lib/history/filters";
import { historyCsvResponse } from "@/lib/history/service";

export const dynamic = "force-dynamic";

const storeParam = async (_params: unknown, request: Request) => new URL(request.url).searchParams.get("store") || [];

/** The history as CSV (UTF-8 with BOM, one row per order, named columns), same filters as the list. */
export const GET = withSession({ role: "manager", store: storeParam }, async (request, _params, viewer) => {
  const filters = parseInput(historyFiltersSchema, searchParamsRecord(new URL(request.url).searchParams));
  return historyCsvResponse(viewer, filters);
});
