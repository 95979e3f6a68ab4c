import { describe, expect, it } from "vitest";
import { channelState, liveChannelState, type ChannelPollFacts } from "./channels";

// The chain overview's channel states (issue 28): "sem conexão" once polls fail and the platform
// has been silent for more than two intervals, as the board says a link is down.

const NOW = new Date("2026-11-22T20:00:00Z");
const secondsAgo = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const platform = (facts: Partial<ChannelPollFacts> = {}): ChannelPollFacts => ({
  enabled: true,
  platform: "Sandbox",
  pollIntervalSeconds: 30,
  lastPollOkAt: secondsAgo(10),
  consecutiveFailures: 0,
  ...facts,
});

describe("a channel's state on the chain overview", () => {
  it("is down only when polls fail and the last success is more than two intervals old", () => {
    expect(channelState(platform(), NOW)).toBe("enabled");
    // Failing, but the platform answered within two intervals (60 s): not yet.
    expect(channelState(platform({ consecutiveFailures: 2, lastPollOkAt: secondsAgo(59) }), NOW)).toBe("enabled");
    expect(channelState(platform({ consecutiveFailures: 2, lastPollOkAt: secondsAgo(61) }), NOW)).toBe("down");
    expect(channelState(platform({ consecutiveFailures: 1, lastPollOkAt: null }), NOW)).toBe("down");
    // Silent for long but no failure counted (e.g. just enabled): not called down here.
    expect(channelState(platform({ lastPollOkAt: secondsAgo(600) }), NOW)).toBe("enabled");
  });

  it("says disabled for a disabled channel, and never down for the restaurant's own", () => {
    expect(channelState(platform({ enabled: false, consecutiveFailures: 9, lastPollOkAt: null }), NOW)).toBe(
      "disabled",
    );
    const own = {
      enabled: true,
      platform: null,
      pollIntervalSeconds: null,
      lastPollOkAt: null,
      consecutiveFailures: 0,
    };
    expect(channelState(own, NOW)).toBe("enabled");
  });

  it("follows the board stream's live status for an enabled channel", () => {
    const channel = { id: "c", label: "App 1", color: "#2563eb", platform: "Sandbox", state: "enabled" as const };
    expect(liveChannelState(channel, true)).toBe("down");
    expect(liveChannelState({ ...channel, state: "down" }, false)).toBe("enabled");
    expect(liveChannelState({ ...channel, state: "down" }, undefined)).toBe("down");
    expect(liveChannelState({ ...channel, state: "disabled" }, true)).toBe("disabled");
  });
});
