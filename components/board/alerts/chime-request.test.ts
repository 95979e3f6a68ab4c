import { describe, expect, it } from "vitest";
import { onChimeRequest, requestChime } from "./chime-request";

describe("chime requests", () => {
  it("reach the board's alerts while they listen, and nobody after", () => {
    const heard: string[] = [];
    const stop = onChimeRequest((kind) => heard.push(kind));
    requestChime("new");
    stop();
    requestChime("new");
    expect(heard).toEqual(["new"]);
  });
});
