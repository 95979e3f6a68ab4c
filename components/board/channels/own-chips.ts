import { OWN_CHANNEL_STYLE, ownSourceOf } from "@/lib/own-orders/channel-id";
import type { ChipChannel } from "./channel-chip";
import type { BoardChannels } from "./use-board-channels";

/** The own channels (issue 30) the board's orders came by, as one text: the chips change only with it. */
export function ownChannelsKey(orders: readonly { channelId: string }[] | undefined): string {
  const ids = new Set<string>();
  for (const order of orders ?? []) if (ownSourceOf(order.channelId)) ids.add(order.channelId);
  return [...ids].sort().join(" ");
}

/**
 * Every own order's card names its channel (Balcão, Telefone, WhatsApp, Mesa), whatever the
 * restaurant's platforms: the stream's status names platform channels only (they are the ones with
 * a connection), so an own channel it does not name gets its chip from its id, in the label and
 * colour own channels are made with. `key` is ownChannelsKey's.
 */
export function withOwnChips(channels: BoardChannels, key: string): BoardChannels {
  if (key === "") return channels;
  const added: ChipChannel[] = [];
  for (const id of key.split(" ")) {
    if (channels.chips.has(id)) continue;
    const source = ownSourceOf(id)!;
    added.push(channels.all.get(id) ?? { id, ...OWN_CHANNEL_STYLE[source], platform: null });
  }
  if (added.length === 0) return channels;
  const chips = new Map(channels.chips);
  const all = new Map(channels.all);
  for (const channel of added) {
    chips.set(channel.id, channel);
    if (!all.has(channel.id)) all.set(channel.id, channel);
  }
  // The filter lists them too, beside the platforms' (a one-platform kitchen's platform included:
  // with own orders on the board it has two kinds of order to tell apart).
  const listed = channels.filterable.length > 0 ? channels.filterable : [...channels.all.values()];
  const filterable = [...listed, ...added.filter((channel) => !listed.some((known) => known.id === channel.id))];
  return { ...channels, chips, all, filterable };
}
