import { describe, expect, it } from "vitest";
import { ownChannelsKey, withOwnChips } from "./own-chips";

const platform = { id: "m-1", label: "Canal A", color: "#123456", platform: "Sandbox Food" };
const none = { chips: new Map(), filterable: [], all: new Map([[platform.id, platform]]) };

describe("own channels' chips", () => {
  it("names each own order's channel, from its id, once", () => {
    const key = ownChannelsKey([
      { channelId: "own:phone:m-1" },
      { channelId: "m-1" },
      { channelId: "own:phone:m-1" },
      { channelId: "own:table:m-1" },
    ]);
    expect(key).toBe("own:phone:m-1 own:table:m-1");
    const channels = withOwnChips(none, key);
    expect(channels.chips.get("own:phone:m-1")).toEqual({
      id: "own:phone:m-1",
      label: "Telefone",
      color: "#0f766e",
      platform: null,
    });
    expect(channels.chips.get("own:table:m-1")?.label).toBe("Mesa");
    // A one-platform kitchen's platform orders still carry no chip.
    expect(channels.chips.has("m-1")).toBe(false);
    // The filter offers the platform and each own channel on the board (the bar shows from two).
    expect(channels.filterable.map((channel) => channel.id)).toEqual(["m-1", "own:phone:m-1", "own:table:m-1"]);
  });

  it("adds the own channels to a filter of several platforms, once each", () => {
    const other = { id: "m-2", label: "Canal B", color: "#654321", platform: "Sandbox Food" };
    const several = {
      chips: new Map([
        [platform.id, platform],
        [other.id, other],
      ]),
      filterable: [platform, other],
      all: new Map([
        [platform.id, platform],
        [other.id, other],
      ]),
    };
    const channels = withOwnChips(several, "own:whatsapp:m-1");
    expect(channels.filterable.map((channel) => channel.label)).toEqual(["Canal A", "Canal B", "WhatsApp"]);
  });

  it("keeps the very same channels when no own order is on the board (memoised cards do not re-render)", () => {
    expect(withOwnChips(none, ownChannelsKey([{ channelId: "m-1" }]))).toBe(none);
  });

  it("keeps the status's own label when it names the channel (a manager's relabel)", () => {
    const relabelled = { id: "own:counter:m-1", label: "Caixa", color: "#000000", platform: null };
    const channels = withOwnChips({ ...none, all: new Map([[relabelled.id, relabelled]]) }, "own:counter:m-1");
    expect(channels.chips.get("own:counter:m-1")?.label).toBe("Caixa");
  });
});
