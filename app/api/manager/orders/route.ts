import { parseInput, queryStore, respond, withSession } from "@/lib/api/handler";
import { historyFiltersSchema, historyPageSchema } from "@/lib/contract/history";
import { searchParamsRecord } from "@/lib/contract/search-params";
import { historyPageFor } from "@/lib/history/history-for-viewer";

export const dynamic = "force-dynamic";

/**
 * The manager's order history: Comanda's orders merged with the platform's admin list, filtered
 * by the query string (q, from, to, status, type, store, channel, page) and paginated. A store or a
 * channel outside the viewer's restaurants is refused (403).
 */
export const GET = withSession({ role: "manager", store: queryStore }, async (request, _params, viewer) => {
  const filters = parseInput(historyFiltersSchema, searchParamsRecord(new URL(request.url).searchParams));
  return respond(historyPageSchema, await historyPageFor(viewer, filters));
});
