import type { BoardOrder, KitchenLine } from "@/lib/contract/board";
import { fireOffsets } from "./fire-time";
import type { LineRouter } from "./station-routing";

/** What the projection needs to know of a store's stations (read by lib/db/order-writes.ts). */
export interface StationsInput {
  list: ReadonlyArray<{ id: number; name: string }>;
  route: LineRouter;
  /** Each line's preparation time in minutes (fire-time.ts linePrepMinutes). */
  prepMinutes: (line: Pick<KitchenLine, "name" | "code" | "options">) => number;
  /**
   * Each channel's pairs (its catalogue's item id → the restaurant's item id, menu_mappings): a
   * channel with its own catalogue names its items by its own ids (the merchant document it reads
   * says so), and routing speaks the restaurant's. Channels without pairs are not listed.
   */
  channelPairs?: ReadonlyMap<string, ReadonlyMap<number, number>>;
}

/**
 * A channel's lines named by the restaurant's item codes ("item:900001" on platform B → "item:1"),
 * so stations, fire times and printers route every channel's lines alike. A line of an item the
 * channel has not paired loses its code (its number is the channel's, not the restaurant's): it is
 * routed by name, else to the default station.
 */
export function inRestaurantCodes<Line extends Pick<KitchenLine, "code">>(
  lines: readonly Line[],
  stations: StationsInput | undefined,
  channelId: string,
): Line[] {
  const pairs = stations?.channelPairs?.get(channelId);
  if (!pairs) return [...lines];
  return lines.map((line) => {
    const match = /^item:(\d{1,9})$/.exec(line.code ?? "");
    if (!match) return line;
    const itemId = pairs.get(Number(match[1]));
    if (itemId !== undefined) return { ...line, code: `item:${itemId}` };
    const unpaired = { ...line };
    delete unpaired.code;
    return unpaired;
  });
}

/** Each of the order's lines' fire offset (minutes after its start), over every line. */
export function orderFireOffsets(lines: readonly KitchenLine[], stations: StationsInput): number[] {
  return fireOffsets(lines.map((line) => stations.prepMinutes(line)));
}

type Progress = NonNullable<BoardOrder["stationProgress"]>;

/**
 * The card's lines, each with its stations, and each station's part of the order. Counted over
 * every line before the card is bounded (card-bounds.ts keeps 12): a station knows it has items
 * even when the card leaves them out.
 */
export function routeLines(
  lines: readonly KitchenLine[],
  stations: StationsInput | undefined,
  doneLines: readonly number[],
): { lines: KitchenLine[]; stationProgress?: Progress } {
  if (!stations) return { lines: [...lines] };
  // The longest line among every line (those the card leaves out too) sets the fire times.
  const offsets = orderFireOffsets(lines, stations);
  const routed = lines.map((line, index) => ({
    ...line,
    stations: stations.route(line),
    ...(offsets[index]! > 0 && { fireIn: offsets[index] }),
  }));
  const done = new Set(doneLines);
  const stationProgress = stations.list.flatMap((station) => {
    const mine = routed.flatMap((line, index) => (line.stations.includes(station.id) ? [index] : []));
    if (mine.length === 0) return [];
    const finished = mine.filter((index) => done.has(index)).length;
    return [{ id: station.id, name: station.name, lines: mine.length, done: finished }];
  });
  return { lines: routed, stationProgress };
}

/** A station's lines of an order (indexes into its summary's lines: every line, none left out). */
export function stationLines(lines: readonly KitchenLine[], route: LineRouter, stationId: number): number[] {
  return lines.flatMap((line, index) => (route(line).includes(stationId) ? [index] : []));
}

/** Every station that has lines has bumped them all: expo may make the order Ready. */
export function allStationsDone(progress: Progress | undefined): boolean {
  return !!progress && progress.length > 0 && progress.every((station) => station.done >= station.lines);
}

/**
 * The store lets this order skip expo: its type is one the manager chose, one station makes all
 * of it and has bumped it, and it can be made Ready. That station's bump then makes it Ready.
 */
export function skipsExpo(card: BoardOrder, skipTypes: readonly string[]): boolean {
  const progress = card.stationProgress ?? [];
  return (
    progress.length === 1 &&
    skipTypes.includes(card.type) &&
    allStationsDone(progress) &&
    card.actions.includes("readyForPickup")
  );
}

/** The card's lines (indexes) that a station makes. */
export function stationIndexes(order: BoardOrder, stationId: number): number[] {
  return (order.lines ?? []).flatMap((line, index) => (line.stations?.includes(stationId) ? [index] : []));
}

/** The card as one station sees it, its lines only: for that station's all-day counts. */
export function stationCard(order: BoardOrder, stationId: number): BoardOrder {
  return { ...order, lines: (order.lines ?? []).filter((line) => line.stations?.includes(stationId)) };
}

/** The station has lines in this order (counted over every line, those the card left out too). */
export function hasStationPart(order: BoardOrder, stationId: number): boolean {
  return order.stationProgress?.some((station) => station.id === stationId && station.lines > 0) ?? false;
}
