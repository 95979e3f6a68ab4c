import { ALARM_AFTER_INTERVALS } from "@/lib/stores/health";

/** A channel's state on the chain overview. */
export type ChannelState = "enabled" | "disabled" | "down";

/** A channel as the chain overview lists it under its restaurant. */
export interface OverviewChannel {
  id: string;
  label: string;
  /** #rrggbb */
  color: string;
  /** The platform's name; null for the restaurant's own channel. */
  platform: string | null;
  /** As the server judged it when the page was rendered; the board stream's status updates it live. */
  state: ChannelState;
}

/** What the judgment reads of a channel (lib/db/channel-directory.ts's entry). */
export interface ChannelPollFacts {
  enabled: boolean;
  platform: string | null;
  pollIntervalSeconds: number | null;
  lastPollOkAt: Date | null;
  consecutiveFailures: number;
}

/**
 * Disabled, "sem conexão" (down), or enabled. Down as the board's status says a link is down:
 * polls are failing and the platform last answered more than ALARM_AFTER_INTERVALS intervals ago
 * (or never). The restaurant's own channel polls nothing and is never down.
 */
export function channelState(channel: ChannelPollFacts, now: Date): ChannelState {
  if (!channel.enabled) return "disabled";
  if (channel.pollIntervalSeconds === null || channel.consecutiveFailures === 0) return "enabled";
  const silentMs = channel.lastPollOkAt ? now.getTime() - channel.lastPollOkAt.getTime() : Infinity;
  return silentMs > channel.pollIntervalSeconds * ALARM_AFTER_INTERVALS * 1000 ? "down" : "enabled";
}

/** The state to show: the board stream's live "down" for an enabled channel when it has one. */
export function liveChannelState(channel: OverviewChannel, liveDown: boolean | undefined): ChannelState {
  if (channel.state === "disabled" || liveDown === undefined) return channel.state;
  return liveDown ? "down" : "enabled";
}
