import { parseInput, withSession } from "@/lib/api/handler";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import { reportQuerySchema, searchRecord, withDefaultDates } from "@/lib/reports/query";
import { buildReport } from "@/lib/reports/chain-report";

export const dynamic = "force-dynamic";

const queryOf = (request: Request) => parseInput(reportQuerySchema, searchRecord(new URL(request.url).searchParams));

/** The report for a date range (local days, inclusive) and one store or all of the viewer's. */
export const GET = withSession(
  { role: "manager", store: async (_params, request) => queryOf(request).store ?? [] },
  async (request, _params, viewer) => {
    const query = withDefaultDates(queryOf(request), new Date(), DEFAULT_TIME_ZONE);
    return Response.json(await buildReport(viewer, query));
  },
);
