import "server-only";
import type { SyncStartError } from "@/lib/contract/manager";
import type { InterchangeClient } from "@/lib/platform/interchange/client";
import type { StorePoller } from "./poller";
import type { LeaseKeeper } from "./lease-keeper";
import type { StoreConfig } from "../stores/config";
import { processSingleton } from "@/lib/process-singleton";

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
  /** Why the stores could not be resolved or connected yet, as a code (the error itself is logged). */
  startError: SyncStartError | null;
  /** Which stores this instance polls (leases shared with the other instances on the database). */
  leases: LeaseKeeper | undefined;
}

// One per process, shared by instrumentation (which starts the pollers) and route handlers
// (which act on orders), since Next.js loads them in separate module graphs.
export function syncState(): SyncState {
  return processSingleton<SyncState>("sync", () => ({
    started: undefined,
    connections: new Map(),
    startError: null,
    leases: undefined,
  }));
}

export function getStoreConnection(storeId: string): StoreConnection | undefined {
  return syncState().connections.get(storeId);
}
