import { useMemo } from "react";
import type { ChannelStatus } from "@/lib/contract/stream";
import type { ChipChannel } from "./channel-chip";
import { channelsKey, chipChannels } from "./channel-filter";

export interface BoardChannels {
  /** The channels whose cards get a chip (a restaurant of two or more), by id; the same map while they do not change. */
  chips: ReadonlyMap<string, ChipChannel>;
  /** The filter's channels: every channel of the board when a restaurant has two or more; none otherwise. */
  filterable: readonly ChipChannel[];
  /** Every channel of the board, by id (the order details name the channel of a one-channel kitchen too). */
  all: ReadonlyMap<string, ChipChannel>;
}

const NONE: BoardChannels = { chips: new Map(), filterable: [], all: new Map() };

/**
 * The board's channels from the stream's status (issue 28). The status comes every few seconds
 * with new objects: the map stays the same object while the labels, colours and platforms do,
 * so the memoised cards do not re-render with each status.
 */
export function useBoardChannels(
  channels: readonly ChannelStatus[] | undefined,
  /** The restaurants the status names: only their channels are the board's. */
  stores: readonly { id: string }[] | undefined,
): BoardChannels {
  const ids = new Set((stores ?? []).map((store) => store.id));
  const key = channelsKey(channels?.filter((channel) => ids.has(channel.storeId)));
  return useMemo(() => {
    if (!key) return NONE;
    const all = (JSON.parse(key) as [string, string, string, string, string | null][]).map(
      ([id, storeId, label, color, platform]): ChannelStatus => ({ id, storeId, label, color, platform, down: false }),
    );
    const chips = chipChannels(all);
    const byId = new Map(all.map((channel) => [channel.id, channel]));
    return chips.size === 0 ? { ...NONE, all: byId } : { chips, filterable: all, all: byId };
  }, [key]);
}
