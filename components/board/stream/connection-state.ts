import type { StoreStatus } from "@/lib/contract/stream";
import { ALARM_AFTER_INTERVALS } from "@/lib/stores/health";
import type { BoardConnection } from "./use-board-stream";

/** Until the first status says otherwise: the server's status period (lib/sync/status-feed). */
const DEFAULT_EVERY_SECONDS = 5;

export interface ConnectionAlarm {
  /** Seconds the stream has been down, once that is more than two status periods; else null. */
  streamDownSeconds: number | null;
  /**
   * The stream is live but the server says it has lost its database (it does not answer, or other
   * instances' changes no longer reach it): orders may be missing from the board.
   */
  databaseDown: boolean;
  /** Stores with no contact with the platform for more than two poll intervals (stream live). */
  storesDown: Array<{ id: string; name: string; seconds: number | null }>;
}

/** Whether the board must raise the connection alarm now, and about what. */
export function connectionAlarm(connection: BoardConnection, now: number): ConnectionAlarm {
  const everySeconds = connection.status?.everySeconds ?? DEFAULT_EVERY_SECONDS;
  const downFor = connection.downSince === null ? 0 : (now - connection.downSince) / 1000;
  const streamDownSeconds =
    connection.state !== "live" && downFor > everySeconds * ALARM_AFTER_INTERVALS ? Math.floor(downFor) : null;
  const live = streamDownSeconds === null && connection.state === "live";
  const databaseDown = live && connection.status?.database === "down";
  // While the stream is down the stores' statuses are old news: the stream alarm covers them.
  const storesDown =
    live && connection.status
      ? connection.status.stores
          .filter((store) => store.down)
          .map((store) => ({
            id: store.id,
            name: store.name,
            seconds: contactAge(store, connection.status!.receivedAt, now),
          }))
      : [];
  return { streamDownSeconds, databaseDown, storesDown };
}

/** Seconds since the platform last answered for this store, as of now (the message ages too). */
export function contactAge(store: StoreStatus, receivedAt: number, now: number): number | null {
  if (store.lastContactAgeSeconds === null) return null;
  // `now` ticks once a second and may predate the message: never count backwards.
  return Math.floor(store.lastContactAgeSeconds + Math.max(0, now - receivedAt) / 1000);
}
