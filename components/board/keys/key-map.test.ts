import { describe, expect, it } from "vitest";
import { commandOf, DEFAULT_KEY_MAP, parseKeyMap, withKey } from "./key-map";

const press = (key: string, more: Partial<KeyboardEvent> = {}) => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...more,
});

describe("commandOf", () => {
  it("maps the default keys of a 10-key bump bar and a keyboard", () => {
    expect(commandOf(DEFAULT_KEY_MAP, press("ArrowDown"))).toEqual({ type: "down" });
    expect(commandOf(DEFAULT_KEY_MAP, press("Enter"))).toEqual({ type: "bump" });
    expect(commandOf(DEFAULT_KEY_MAP, press(" "))).toEqual({ type: "bump" });
    expect(commandOf(DEFAULT_KEY_MAP, press("0"))).toEqual({ type: "recall" });
    expect(commandOf(DEFAULT_KEY_MAP, press("+"))).toEqual({ type: "open" });
    expect(commandOf(DEFAULT_KEY_MAP, press("Esc"))).toEqual({ type: "clear" });
  });

  it("picks the nth ticket with digits 1–9, and leaves other keys alone", () => {
    expect(commandOf(DEFAULT_KEY_MAP, press("3"))).toEqual({ type: "pick", n: 3 });
    expect(commandOf(DEFAULT_KEY_MAP, press("q"))).toBeNull();
    expect(commandOf(DEFAULT_KEY_MAP, press("F5"))).toBeNull();
  });

  it("leaves a key with Ctrl, Alt or Meta to the browser", () => {
    expect(commandOf(DEFAULT_KEY_MAP, press("Enter", { ctrlKey: true }))).toBeNull();
    expect(commandOf(DEFAULT_KEY_MAP, press("1", { altKey: true }))).toBeNull();
  });

  it("compares letters without case", () => {
    const map = withKey(DEFAULT_KEY_MAP, "bump", "b");
    expect(commandOf(map, press("B"))).toEqual({ type: "bump" });
  });
});

describe("withKey", () => {
  it("makes the key the command's only one, and takes it from the command that had it", () => {
    const map = withKey(DEFAULT_KEY_MAP, "recall", "Enter");
    expect(map.recall).toEqual(["Enter"]);
    expect(map.bump).toEqual([" "]);
    expect(commandOf(map, press("Enter"))).toEqual({ type: "recall" });
    expect(commandOf(map, press("0"))).toBeNull();
  });

  it("lets a command take a digit from picking", () => {
    const map = withKey(DEFAULT_KEY_MAP, "bump", "5");
    expect(commandOf(map, press("5"))).toEqual({ type: "bump" });
    expect(commandOf(map, press("4"))).toEqual({ type: "pick", n: 4 });
  });
});

describe("parseKeyMap", () => {
  it("reads back what was stored", () => {
    const map = withKey(DEFAULT_KEY_MAP, "bump", "b");
    expect(parseKeyMap(JSON.stringify(map))).toEqual(map);
  });

  it("falls back to the default, command by command, for anything unreadable", () => {
    expect(parseKeyMap(null)).toBe(DEFAULT_KEY_MAP);
    expect(parseKeyMap("{not json")).toBe(DEFAULT_KEY_MAP);
    expect(parseKeyMap("42")).toBe(DEFAULT_KEY_MAP);
    const partly = parseKeyMap(JSON.stringify({ bump: ["b"], recall: [7], open: "x" }));
    expect(partly.bump).toEqual(["b"]);
    expect(partly.recall).toEqual(DEFAULT_KEY_MAP.recall);
    expect(partly.open).toEqual(DEFAULT_KEY_MAP.open);
    expect(partly.up).toEqual(DEFAULT_KEY_MAP.up);
  });
});
