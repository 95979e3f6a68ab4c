/**
 * The selected ticket, moved over the board's lanes (issue 27, point 9). Lanes are lists of order
 * ids in the board's reading order: New, In preparation, Ready, On the way. Pure.
 */
export type LaneIds = readonly (readonly string[])[];

/** The order, and where it was when last seen: where its neighbour is found once it leaves. */
export interface Selection {
  id: string;
  lane: number;
  index: number;
}

function at(lanes: LaneIds, lane: number, index: number): Selection {
  return { id: lanes[lane]![index]!, lane, index };
}

function firstTicket(lanes: LaneIds): Selection | null {
  const lane = lanes.findIndex((ids) => ids.length > 0);
  return lane < 0 ? null : at(lanes, lane, 0);
}

/** The nearest lane with tickets, searching outwards from `lane` (the later side first). */
function nearestLane(lanes: LaneIds, lane: number): number {
  for (let distance = 1; distance < lanes.length; distance += 1)
    for (const candidate of [lane + distance, lane - distance])
      if (candidate >= 0 && candidate < lanes.length && lanes[candidate]!.length > 0) return candidate;
  return -1;
}

/**
 * The selection after the lanes changed (a stream update): the same order while it stays in its
 * lane; once it leaves the lane (bumped, confirmed, cancelled), the ticket now at its place —
 * the next one to work on, as a kitchen display does after a bump — or the lane's last, or the
 * nearest lane's; null when the board is empty.
 */
export function reconcile(lanes: LaneIds, selection: Selection | null): Selection | null {
  if (!selection) return null;
  const ids = lanes[selection.lane] ?? [];
  const index = ids.indexOf(selection.id);
  if (index >= 0) return index === selection.index ? selection : at(lanes, selection.lane, index);
  if (ids.length > 0) return at(lanes, selection.lane, Math.min(selection.index, ids.length - 1));
  const lane = nearestLane(lanes, selection.lane);
  return lane < 0 ? null : at(lanes, lane, Math.min(selection.index, lanes[lane]!.length - 1));
}

/** Selects an order wherever it is (a recalled one), or keeps the selection when it is not on the board. */
export function select(lanes: LaneIds, id: string, fallback: Selection | null): Selection | null {
  const lane = lanes.findIndex((ids) => ids.includes(id));
  return lane < 0 ? fallback : at(lanes, lane, lanes[lane]!.indexOf(id));
}

/**
 * Up and down: the previous or next ticket in reading order, on into the neighbouring lane at a
 * lane's ends; left and right: the previous or next lane with tickets, at the same place (or its
 * last). With nothing selected, any arrow selects the first ticket.
 */
export function move(
  lanes: LaneIds,
  selection: Selection | null,
  direction: "up" | "down" | "left" | "right",
): Selection | null {
  const current = reconcile(lanes, selection);
  if (!current) return firstTicket(lanes);
  const { lane, index } = current;
  const step = direction === "up" || direction === "left" ? -1 : 1;
  if (direction === "up" || direction === "down") {
    if (index + step >= 0 && index + step < lanes[lane]!.length) return at(lanes, lane, index + step);
  }
  for (let next = lane + step; next >= 0 && next < lanes.length; next += step) {
    const length = lanes[next]!.length;
    if (length === 0) continue;
    if (direction === "down") return at(lanes, next, 0);
    if (direction === "up") return at(lanes, next, length - 1);
    return at(lanes, next, Math.min(index, length - 1));
  }
  return current;
}

/** Digits: the nth ticket of the selected ticket's lane (the first lane with tickets when none). */
export function pick(lanes: LaneIds, selection: Selection | null, n: number): Selection | null {
  const current = reconcile(lanes, selection) ?? firstTicket(lanes);
  if (!current) return null;
  return n >= 1 && n <= lanes[current.lane]!.length ? at(lanes, current.lane, n - 1) : current;
}
