import "server-only";
import type { SyncStartError } from "@/lib/contract/manager";
import type { InterchangeClient } from "@/lib/platform/interchange/client";
import type { ConnectionPoller } from "./poller";
import type { LeaseKeeper } from "./lease-keeper";
import type { ConnectionConfig, SavedChannelConfig } from "@/lib/stores/config";
import { processSingleton } from "@/lib/process/singleton";

/** A platform connection in this process: its client (one token), its poller and its enabled channels. */
export interface PlatformConnection {
  id: string;
  config: ConnectionConfig;
  /** By channel id (the platform's merchant id). */
  channels: ReadonlyMap<string, SavedChannelConfig>;
  client: InterchangeClient;
  poller: ConnectionPoller;
}

/** A channel as this process reaches it: its settings, its restaurant, and its connection's client and poller. */
export interface ChannelConnection {
  id: string;
  /** The restaurant whose board its orders are on. */
  restaurantId: string;
  name: string;
  config: SavedChannelConfig;
  connectionId: string;
  client: InterchangeClient;
  poller: ConnectionPoller;
}

interface SyncState {
  /** By connection id. */
  connections: Map<string, PlatformConnection>;
  /** Why the stores could not be resolved or connected yet, as a code (the error itself is logged). */
  startError: SyncStartError | null;
  /** Which connections this instance polls (leases shared with the other instances on the database). */
  leases: LeaseKeeper | undefined;
}

// One per process, shared by instrumentation (which starts the pollers) and route handlers
// (which act on orders), since Next.js loads them in separate module graphs.
export function syncState(): SyncState {
  return processSingleton<SyncState>("sync", () => ({
    connections: new Map(),
    startError: null,
    leases: undefined,
  }));
}

/** The connection a channel belongs to in this process, seen from the channel. */
export function getChannelConnection(channelId: string): ChannelConnection | undefined {
  return findChannelConnection(syncState().connections.values(), channelId);
}

/** The connection among `connections` that serves the channel, seen from the channel. */
export function findChannelConnection(
  connections: Iterable<PlatformConnection>,
  channelId: string,
): ChannelConnection | undefined {
  for (const connection of connections) {
    const config = connection.channels.get(channelId);
    if (config) return channelConnectionOf(connection, config);
  }
  return undefined;
}

export function channelConnectionOf(connection: PlatformConnection, config: SavedChannelConfig): ChannelConnection {
  return {
    id: config.id,
    restaurantId: config.restaurantId,
    name: config.name,
    config,
    connectionId: connection.id,
    client: connection.client,
    poller: connection.poller,
  };
}

/** Every channel connected in this process. */
export function connectedChannels(): ChannelConnection[] {
  return [...syncState().connections.values()].flatMap((connection) =>
    [...connection.channels.values()].map((config) => channelConnectionOf(connection, config)),
  );
}

/**
 * A restaurant's channels this process reaches (enabled, on a connection), the one whose id is the
 * restaurant's first (its channel since before channels, or its first platform's).
 */
export function connectedChannelsOf(storeId: string): ChannelConnection[] {
  return connectedChannels()
    .filter((channel) => channel.restaurantId === storeId)
    .sort((a, b) => Number(b.id === storeId) - Number(a.id === storeId));
}
