import "server-only";
import { storesForViewer } from "@/lib/auth/kitchen";
import type { Viewer } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { computeReport } from "./compute";
import { loadReportOrders } from "./loader";
import { reportRange } from "./range";
import { sharedZone, storeTimeZones } from "@/lib/stores/time-zones";
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
  // Buckets follow each store's zone; the range's bounds the zone the stores share (else the default).
  const db = await getDb();
  const storeZones = await storeTimeZones(db, storeIds);
  const timeZone = sharedZone(storeZones, storeIds);
  let range;
  try {
    range = reportRange(query.from, query.to, timeZone);
  } catch (error) {
    if (error instanceof RangeError) throw new AppError("bad_request", error.message);
    throw error;
  }
  const rows = await loadReportOrders(db, {
    storeIds,
    start: new Date(range.previous.start),
    end: new Date(range.current.end),
  });
  return computeReport(rows, range, { storeIds, timeZone, storeZones });
}
