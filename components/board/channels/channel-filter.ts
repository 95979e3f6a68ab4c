import type { BoardOrder } from "@/lib/contract/board";
import type { ChannelStatus } from "@/lib/contract/stream";
import type { BoardLane } from "@/lib/orders/lanes";
import type { LaneCards } from "../stream/board-cache";

/**
 * The board's filter by channel (issue 28): which channels' orders a tablet shows. `null` is
 * "Todos" (every channel); otherwise the ids of the channels shown. It only hides cards on this
 * tablet: alarms, auto-accept and the all-day counts still take every order (board.tsx).
 */
export type ChannelFilter = readonly string[] | null;

/**
 * The lanes a filter applies to: the live ones and Scheduled. Done and Cancelled (the finished
 * sheet) always list every channel, so a cook recalling a bumped order finds it whatever the filter.
 */
export const FILTERED_LANES: readonly BoardLane[] = ["scheduled", "new", "preparing", "ready", "dispatched"];

/**
 * The channels that get a chip on their cards: those of a restaurant with two or more. A
 * one-channel kitchen keeps today's card, and so does a board whose server predates channels
 * (no `channels` in its status).
 */
export function chipChannels(channels: readonly ChannelStatus[] | undefined): ReadonlyMap<string, ChannelStatus> {
  if (!channels) return new Map();
  const perStore = new Map<string, number>();
  for (const channel of channels) perStore.set(channel.storeId, (perStore.get(channel.storeId) ?? 0) + 1);
  return new Map(
    channels.filter((channel) => (perStore.get(channel.storeId) ?? 0) >= 2).map((channel) => [channel.id, channel]),
  );
}

/**
 * What the cards show of the channels, as text: the status comes every few seconds with new
 * objects, and the cards (memoised) must re-render only when a label, colour or platform changed,
 * not when a channel's connection did (that is the header's).
 */
export function channelsKey(channels: readonly ChannelStatus[] | undefined): string {
  if (!channels) return "";
  return JSON.stringify(
    channels.map((channel) => [channel.id, channel.storeId, channel.label, channel.color, channel.platform]),
  );
}

/** The stored filter as it applies to the channels now: unknown ids dropped; none left, or all of them: every channel. */
export function effectiveFilter(stored: ChannelFilter, channelIds: readonly string[]): ReadonlySet<string> | null {
  if (!stored) return null;
  const known = new Set(channelIds);
  const shown = new Set(stored.filter((id) => known.has(id)));
  return shown.size === 0 || shown.size === known.size ? null : shown;
}

/**
 * A tap on a channel's toggle: from "Todos" it shows that channel alone; otherwise it adds or
 * removes the channel. Nothing left, or every channel: back to "Todos".
 */
export function toggleChannel(current: ChannelFilter, id: string, channelIds: readonly string[]): ChannelFilter {
  const shown = effectiveFilter(current, channelIds);
  if (!shown) return [id];
  const next = new Set(shown);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return effectiveFilter([...next], channelIds) ? channelIds.filter((known) => next.has(known)) : null;
}

/** The filter as kept in a tablet's storage: a JSON list of channel ids; anything else is "Todos". */
export function parseStoredFilter(raw: string | null): ChannelFilter {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return null;
    const ids = value.filter((id): id is string => typeof id === "string" && id.length > 0 && id.length <= 200);
    return ids.length > 0 ? ids.slice(0, 100) : null;
  } catch {
    return null;
  }
}

/** The lanes a tablet shows under `filter`: FILTERED_LANES keep their cards of the channels shown. */
export function filterLanes(
  lanes: LaneCards,
  filter: ReadonlySet<string> | null,
  /** Filtered lanes by source lane: a lane the stream did not change keeps its filtered array (memoised columns). */
  cache?: WeakMap<readonly BoardOrder[], { filter: ReadonlySet<string>; cards: readonly BoardOrder[] }>,
): LaneCards {
  if (!filter) return lanes;
  const filtered = { ...lanes };
  for (const lane of FILTERED_LANES) {
    const source = lanes[lane];
    const known = cache?.get(source);
    if (known && known.filter === filter) {
      filtered[lane] = known.cards;
      continue;
    }
    const cards = source.filter((order) => filter.has(order.channelId));
    cache?.set(source, { filter, cards });
    filtered[lane] = cards;
  }
  return filtered;
}

/** How many of the board's orders (FILTERED_LANES) each channel has, whatever the filter. */
export function channelCounts(lanes: LaneCards): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const lane of FILTERED_LANES)
    for (const order of lanes[lane]) counts.set(order.channelId, (counts.get(order.channelId) ?? 0) + 1);
  return counts;
}

/** How many of the board's orders (FILTERED_LANES) the filter hides: said on the board, never silent. */
export function hiddenByFilter(lanes: LaneCards, shown: LaneCards): number {
  let hidden = 0;
  for (const lane of FILTERED_LANES) hidden += lanes[lane].length - shown[lane].length;
  return hidden;
}

/**
 * The down channels' labels of each restaurant of several channels, by restaurant: the connection
 * alarm names them ("Pizzaria Bella Napoli · App 2"), since the restaurant counts as down when any
 * of its platforms is, while its other channels go on taking orders.
 */
export function downLabelsByStore(channels: readonly ChannelStatus[] | undefined): ReadonlyMap<string, string[]> {
  const named = chipChannels(channels);
  const down = new Map<string, string[]>();
  for (const channel of named.values())
    if (channel.down) down.set(channel.storeId, [...(down.get(channel.storeId) ?? []), channel.label]);
  return down;
}
