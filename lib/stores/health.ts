/**
 * When is a store's link to the platform up: the one answer for the health check, the board's
 * status feed and the manager's Operations page. Pure (no I/O, nothing server-only), so the
 * board's own alarm can use the same numbers.
 */

export type ConnectionState = "connected" | "degraded" | "down" | "disabled";

/** The board sounds the alarm after this many intervals without contact (the "2 intervals"). */
export const ALARM_AFTER_INTERVALS = 2;
/** A store is down, and the health check fails, after this many intervals without contact… */
export const DOWN_AFTER_INTERVALS = 3;
/** …and at least this long, so one slow poll of a 2 s sandbox interval does not flap the check. */
export const DOWN_FLOOR_SECONDS = 10;

/** What is known of a store's contact with the platform (gathered by lib/sync from its pollers). */
export interface ConnectionEvidence {
  enabled: boolean;
  /** Whether anyone is known to poll the store: a store nobody polls is down whatever it last saw. */
  polled: boolean;
  intervalSeconds: number;
  /** When the platform last answered a poll for this store; null: never. */
  lastContactAt: Date | null;
  /** Since when a first contact has been awaited, when there was none; null: not awaited. */
  watchedSince: Date | null;
  /** How old the evidence may be (a table re-read every few seconds): allowed for before judging. */
  staleSeconds: number;
}

export interface ConnectionHealth {
  state: ConnectionState;
  /** Seconds without contact (since watching began, when there was none); null: neither is known. */
  silentSeconds: number | null;
}

/**
 * Connected while the platform answered within ALARM_AFTER_INTERVALS intervals; degraded past
 * that (the board warns the kitchen); down past DOWN_AFTER_INTERVALS (at least
 * DOWN_FLOOR_SECONDS), or when nobody polls the store. A disabled store is not judged.
 */
export function judgeConnection(evidence: ConnectionEvidence, now: Date): ConnectionHealth {
  const since = evidence.lastContactAt ?? evidence.watchedSince;
  const silentSeconds = since ? Math.max(0, (now.getTime() - since.getTime()) / 1000) : null;
  if (!evidence.enabled) return { state: "disabled", silentSeconds };
  if (!evidence.polled || silentSeconds === null) return { state: "down", silentSeconds };
  const { intervalSeconds, staleSeconds } = evidence;
  if (silentSeconds > Math.max(intervalSeconds * DOWN_AFTER_INTERVALS, DOWN_FLOOR_SECONDS) + staleSeconds)
    return { state: "down", silentSeconds };
  if (silentSeconds > intervalSeconds * ALARM_AFTER_INTERVALS + staleSeconds)
    return { state: "degraded", silentSeconds };
  return { state: "connected", silentSeconds };
}
