import "server-only";
import type { InterchangeClient } from "@/lib/open-delivery/client";
import type { StorePoller } from "./poller";
import type { StoreConfig } from "../stores/config";

/** A store Comanda is connected to in this process: its client (with tokens) and its poller. */
export interface StoreConnection {
  id: string;
  name: string;
  config: StoreConfig;
  client: InterchangeClient;
  poller: StorePoller;
}

interface SyncState {
  started: Promise<void> | undefined;
  connections: Map<string, StoreConnection>;
  /** Why the stores could not be resolved yet, if they could not. */
  startError: string | null;
}

// One per process, shared by instrumentation (which starts the pollers) and route handlers
// (which act on orders), since Next.js loads them in separate module graphs.
const holder = globalThis as typeof globalThis & { __comandaSync?: SyncState };

export function syncState(): SyncState {
  holder.__comandaSync ??= { started: undefined, connections: new Map(), startError: null };
  return holder.__comandaSync;
}

export function getStoreConnection(storeId: string): StoreConnection | undefined {
  return syncState().connections.get(storeId);
}
