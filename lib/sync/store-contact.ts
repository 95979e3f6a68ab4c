import "server-only";
import type { ConnectionEvidence } from "@/lib/stores/health";
import type { ChannelPollState } from "@/lib/stores/poll-state";
import type { ConnectionPoller } from "./poller";

export interface ContactScope {
  /**
   * Whether a store without a poller in this process may be polled by another instance: the
   * board's feed trusts the stores table for it, this instance's health check does not.
   */
  otherInstances: boolean;
  /** How old the stores table's row may be (the feed re-reads it only every few seconds). */
  rowAgeSeconds: number;
  /** Since when a first contact is awaited when no poller here says so. */
  watchedSince: Date | null;
}

/**
 * What is known of a store's contact with the platform. A poller in this process knows best (it
 * records when the platform answered); the stores table tells what another instance, or this
 * one before a restart, last saw.
 */
export function contactEvidence(
  row: Pick<ChannelPollState, "enabled" | "pollIntervalSeconds" | "lastPollOkAt">,
  poller: ConnectionPoller | undefined,
  scope: ContactScope,
): ConnectionEvidence {
  return {
    enabled: row.enabled,
    polled: poller !== undefined || scope.otherInstances,
    intervalSeconds: poller ? poller.intervalMs / 1000 : row.pollIntervalSeconds,
    lastContactAt: latest(poller?.status.lastContactAt ?? null, row.lastPollOkAt),
    watchedSince: poller?.status.startedAt ?? scope.watchedSince,
    staleSeconds: poller ? 0 : scope.rowAgeSeconds,
  };
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}
