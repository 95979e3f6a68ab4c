import "server-only";
import type { SyncStartError } from "@/lib/contract/manager";
import type { InterchangeClient } from "@/lib/platform/interchange/client";
import type { ConnectionPoller } from "./poller";
import type { LeaseKeeper } from "./lease-keeper";
import type { ConnectionConfig, StoreConfig } from "@/lib/stores/config";
import { processSingleton } from "@/lib/process/singleton";

/** A platform connection in this process: its client (one token), its poller and its enabled stores. */
export interface PlatformConnection {
  id: string;
  config: ConnectionConfig;
  stores: ReadonlyMap<string, StoreConfig>;
  client: InterchangeClient;
  poller: ConnectionPoller;
}

/** A store as this process reaches it: its settings, and its connection's client and poller. */
export interface StoreConnection {
  id: string;
  name: string;
  config: StoreConfig;
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

/** The connection a store belongs to in this process, seen from the store. */
export function getStoreConnection(storeId: string): StoreConnection | undefined {
  return findStoreConnection(syncState().connections.values(), storeId);
}

/** The connection among `connections` that serves the store, seen from the store. */
export function findStoreConnection(
  connections: Iterable<PlatformConnection>,
  storeId: string,
): StoreConnection | undefined {
  for (const connection of connections) {
    const config = connection.stores.get(storeId);
    if (config) return storeConnectionOf(connection, config);
  }
  return undefined;
}

export function storeConnectionOf(connection: PlatformConnection, config: StoreConfig): StoreConnection {
  return {
    id: config.id,
    name: config.name,
    config,
    connectionId: connection.id,
    client: connection.client,
    poller: connection.poller,
  };
}

/** Every store connected in this process. */
export function connectedStoreIds(): string[] {
  return [...syncState().connections.values()].flatMap((connection) => [...connection.stores.keys()]);
}
