import "server-only";
import { storesForViewer } from "@/lib/auth/kitchen";
import type { Viewer } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { computeReport } from "./compute";
import { loadReportOrders } from "./loader";
import { reportRange } from "./range";
import { storeTimeZone } from "./time-zone";
import type { Report } from "./types";

export interface ReportQuery {
  from: string;
  to: string;
  /** One store, or every store the viewer may see. */
  store?: string;
}

/** The report for the viewer's stores (or one of them); the caller checked the store is theirs. */
export async function buildReport(viewer: Viewer, query: ReportQuery): Promise<Report> {
  const allowed = (await storesForViewer(viewer)).map((store) => store.id);
  const storeIds = query.store ? allowed.filter((id) => id === query.store) : allowed;
  // Range bounds follow the first store's zone; every store is in the same one today (time-zone.ts).
  const timeZone = storeTimeZone(storeIds[0] ?? "");
  let range;
  try {
    range = reportRange(query.from, query.to, timeZone);
  } catch (error) {
    if (error instanceof RangeError) throw new AppError("bad_request", error.message);
    throw error;
  }
  const rows = await loadReportOrders(await getDb(), {
    storeIds,
    start: new Date(range.previous.start),
    end: new Date(range.current.end),
  });
  return computeReport(rows, range, { storeIds, timeZone });
}
