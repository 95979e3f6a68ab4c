import { parseInput, respond, withSession } from "@/lib/api/handler";
import { historyPageSchema } from "@/lib/contract/history";
import { historyFiltersSchema, searchParamsRecord } from "@/lib/history/filters";
import { historyPageFor } from "@/lib/history/history-for-viewer";

export const dynamic = "force-dynamic";

/** The store a history request names, if any: the viewer must work for it. */
const storeParam = async (_params: unknown, request: Request) => new URL(request.url).searchParams.get("store") || [];

/**
 * The manager's order history: Comanda's orders merged with the platform's admin list, filtered
 * by the query string (q, from, to, status, type, store, page) and paginated.
 */
export const GET = withSession({ role: "manager", store: storeParam }, async (request, _params, viewer) => {
  const filters = parseInput(historyFiltersSchema, searchParamsRecord(new URL(request.url).searchParams));
  return respond(historyPageSchema, await historyPageFor(viewer, filters));
});
