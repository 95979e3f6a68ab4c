/**
 * The `status` message of the board stream: how each store's link to the platform is doing.
 * Shared by the BFF (which sends it) and the board (which shows it and sounds the alarm).
 */

export interface StoreStatus {
  id: string;
  name: string;
  /** The store's poll interval; "down" means no contact for more than two of them (lib/stores/health). */
  intervalSeconds: number;
  /** Seconds since the platform last answered a poll, when the server sent this; null: never. */
  lastContactAgeSeconds: number | null;
  consecutiveFailures: number;
  down: boolean;
}

export interface StatusMessage {
  stores: StoreStatus[];
  /**
   * The server sends a status at least this often (and at once when a store goes down or comes
   * back), so it doubles as the heartbeat the browser can see: SSE comments never reach scripts.
   */
  everySeconds: number;
}
