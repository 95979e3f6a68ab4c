import type { LaneCards } from "../stream/board-cache";
import { expoTickets, stationTickets } from "../stations/station-tickets";
import type { LaneIds } from "./lane-selection";

/** The board's lanes a key moves over, in reading order (the Scheduled strip has nothing to bump). */
const BOARD_KEY_LANES = ["new", "preparing", "ready", "dispatched"] as const;

const ids = (orders: ReadonlyArray<{ id: string }>) => orders.map((order) => order.id);

/**
 * What the keys move over on this tablet's view (issue 27, point 9), in the order it shows them:
 * the whole board's lanes; a station's (by id) tickets to make, then those it bumped; expo's.
 */
export function keyLanes(lanes: LaneCards, view: "all" | "expo" | number, now: number): LaneIds {
  if (typeof view === "number") {
    const { toMake, bumped } = stationTickets(lanes.preparing, view, now);
    return [ids(toMake), ids(bumped)];
  }
  if (view === "expo") return [ids(expoTickets(lanes.preparing))];
  return BOARD_KEY_LANES.map((lane) => ids(lanes[lane]));
}
