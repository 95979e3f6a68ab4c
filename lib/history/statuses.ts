import type { BoardColumn } from "@/lib/contract/board";

/**
 * Comanda's board columns beside the platform's own statuses (CREATED, CONFIRMED, IN_TRANSIT,
 * DONE, CANCELLED): which platform statuses agree with a column. Ready on a TAKEOUT order moves
 * the platform to IN_TRANSIT; on other types it leaves it CONFIRMED.
 */
const AGREEING: Record<BoardColumn, readonly string[]> = {
  new: ["CREATED"],
  preparing: ["CONFIRMED"],
  ready: ["CONFIRMED", "IN_TRANSIT"],
  dispatched: ["IN_TRANSIT"],
  done: ["DONE"],
  cancelled: ["CANCELLED"],
};

/** True when the platform's status tells another story than Comanda's column (unknown values too). */
export function statusesDiffer(column: BoardColumn, platformStatus: string): boolean {
  return !AGREEING[column].includes(platformStatus);
}

/** The column an order only the platform has would sit in, or null for a status we do not know. */
export function columnOfPlatformStatus(status: string): BoardColumn | null {
  switch (status) {
    case "CREATED":
      return "new";
    case "CONFIRMED":
      return "preparing";
    case "IN_TRANSIT":
      return "dispatched";
    case "DONE":
      return "done";
    case "CANCELLED":
      return "cancelled";
    default:
      return null;
  }
}

/** The platform statuses to ask the admin list for, for a column filter. */
export function platformStatusesFor(column: BoardColumn): readonly string[] {
  return AGREEING[column];
}

export const KNOWN_PLATFORM_STATUSES = ["CREATED", "CONFIRMED", "IN_TRANSIT", "DONE", "CANCELLED"] as const;
