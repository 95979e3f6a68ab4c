import { parseInput, queryStore, respond, withSession } from "@/lib/api/handler";
import { reportQuerySchema, reportSchema } from "@/lib/contract/reports";
import { searchParamsRecord } from "@/lib/contract/search-params";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import { buildReport } from "@/lib/reports/chain-report";
import { withDefaultDates } from "@/lib/reports/query";

export const dynamic = "force-dynamic";

/** The report for a date range (local days, inclusive) and one store or all of the viewer's. */
export const GET = withSession({ role: "manager", store: queryStore }, async (request, _params, viewer) => {
  const input = parseInput(reportQuerySchema, searchParamsRecord(new URL(request.url).searchParams));
  const query = withDefaultDates(input, new Date(), DEFAULT_TIME_ZONE);
  return respond(reportSchema, await buildReport(viewer, query));
});
