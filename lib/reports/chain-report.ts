import "server-only";
import { storesForViewer } from "@/lib/auth/kitchen";
import type { Viewer } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { computeReport } from "./compute";
import { loadReportOrders } from "./loader";
import { reportRange, type ReportRange } from "./range";
import { sharedZone, storeTimeZones } from "@/lib/stores/time-zones";
import { channelsOfRestaurants } from "@/lib/db/channel-directory";
import type { Report } from "@/lib/contract/reports";

export interface ReportQuery {
  from: string;
  to: string;
  /** One store, or every store the viewer may see. */
  store?: string;
}

/** The report's days as bounds in a zone; a range the limits refuse is a bad request. */
function rangeIn(query: ReportQuery, timeZone: string): ReportRange {
  try {
    return reportRange(query.from, query.to, timeZone);
  } catch (error) {
    if (error instanceof RangeError) throw new AppError("bad_request", error.message);
    throw error;
  }
}

export interface ChainReport {
  /** Every store of the report together (or the one asked for). */
  report: Report;
  /** A chain's stores each on their own, side by side (empty for one store). */
  stores: Array<{ id: string; report: Report }>;
}

/**
 * The report for the viewer's stores (or one of them; the caller checked the store is theirs),
 * and, for a chain, each store's own. The orders are read once for all of them (reading them
 * again per store tripled a chain's page time); each store's figures are computed over its rows
 * and its own zone's days.
 */
export async function buildChainReport(viewer: Viewer, query: ReportQuery): Promise<ChainReport> {
  const allowed = (await storesForViewer(viewer)).map((store) => store.id);
  const storeIds = query.store ? allowed.filter((id) => id === query.store) : allowed;
  // Buckets follow each store's zone; the range's bounds the zone the stores share (else the default).
  const db = await getDb();
  const storeZones = await storeTimeZones(db, storeIds);
  const timeZone = sharedZone(storeZones, storeIds);
  const range = rangeIn(query, timeZone);
  const perStore = (storeIds.length > 1 ? storeIds : []).map((id) => {
    const zone = sharedZone(storeZones, [id]);
    return { id, zone, range: rangeIn(query, zone) };
  });
  const ranges = [range, ...perStore.map((store) => store.range)];
  const [rows, channels] = await Promise.all([
    loadReportOrders(db, {
      storeIds,
      start: new Date(Math.min(...ranges.map((each) => Date.parse(each.previous.start)))),
      end: new Date(Math.max(...ranges.map((each) => Date.parse(each.current.end)))),
    }),
    channelsOfRestaurants(db, storeIds),
  ]);
  // Each report sees exactly the rows of its own window, as if it had read them alone.
  const inRange = (within: ReportRange, ids: readonly string[]) => {
    const start = Date.parse(within.previous.start);
    const end = Date.parse(within.current.end);
    return rows.filter(
      (row) => ids.includes(row.storeId) && row.placedAt.getTime() >= start && row.placedAt.getTime() < end,
    );
  };
  return {
    report: computeReport(inRange(range, storeIds), range, { storeIds, timeZone, storeZones, channels }),
    stores: perStore.map((store) => ({
      id: store.id,
      report: computeReport(inRange(store.range, [store.id]), store.range, {
        storeIds: [store.id],
        timeZone: store.zone,
        storeZones,
        channels,
      }),
    })),
  };
}

/** The report for the viewer's stores (or one of them); the caller checked the store is theirs. */
export async function buildReport(viewer: Viewer, query: ReportQuery): Promise<Report> {
  const allowed = (await storesForViewer(viewer)).map((store) => store.id);
  const storeIds = query.store ? allowed.filter((id) => id === query.store) : allowed;
  const db = await getDb();
  const storeZones = await storeTimeZones(db, storeIds);
  const timeZone = sharedZone(storeZones, storeIds);
  const range = rangeIn(query, timeZone);
  const [rows, channels] = await Promise.all([
    loadReportOrders(db, {
      storeIds,
      start: new Date(range.previous.start),
      end: new Date(range.current.end),
    }),
    channelsOfRestaurants(db, storeIds),
  ]);
  return computeReport(rows, range, { storeIds, timeZone, storeZones, channels });
}
