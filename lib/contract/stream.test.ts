import { describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { boardOrderSchema } from "./board";
import { parseStreamMessage, statusMessageSchema, type StoreStatus } from "./stream";

const isBoardOrder = (value: unknown) => boardOrderSchema.safeParse(value).success;
const isStatusMessage = (value: unknown) => statusMessageSchema.safeParse(value).success;

const store = (id: string, down: boolean): StoreStatus => ({
  id,
  name: `Store ${id}`,
  intervalSeconds: 2,
  lastContactAgeSeconds: 1,
  consecutiveFailures: down ? 3 : 0,
  down,
});

describe("board card schema", () => {
  it("accepts a card and rejects junk", () => {
    const order = boardCard({
      id: "a",
      storeId: "store-1",
      displayId: "A",
      customerName: "Ana",
      itemCount: 2,
      total: { value: 42.5, currency: "BRL" },
      placedAt: "2025-01-01T12:00:00Z",
      actions: ["confirm"],
    });
    expect(isBoardOrder(order)).toBe(true);
    expect(isBoardOrder({ id: "a" })).toBe(false);
    expect(isBoardOrder(null)).toBe(false);
  });
});

describe("status message schema", () => {
  it("accepts the server's shape and drops anything else", () => {
    expect(isStatusMessage({ everySeconds: 5, stores: [store("a", false)], database: "up" })).toBe(true);
    expect(isStatusMessage({ everySeconds: 5, stores: [store("a", false)], database: "down" })).toBe(true);
    expect(isStatusMessage({ everySeconds: 5, stores: [store("a", false)] })).toBe(false);
    expect(isStatusMessage({ everySeconds: 5, stores: [], database: "maybe" })).toBe(false);
    expect(isStatusMessage({ everySeconds: 5, stores: [{ id: "a" }] })).toBe(false);
    expect(isStatusMessage({ stores: [] })).toBe(false);
    expect(isStatusMessage("status")).toBe(false);
  });
});

describe("parseStreamMessage", () => {
  it("gives the message, or null for what is not JSON or not of the shape", () => {
    expect(
      parseStreamMessage(statusMessageSchema, JSON.stringify({ everySeconds: 5, stores: [], database: "up" })),
    ).toEqual({ everySeconds: 5, stores: [], database: "up" });
    expect(parseStreamMessage(statusMessageSchema, "{not json")).toBeNull();
    expect(parseStreamMessage(statusMessageSchema, JSON.stringify({ stores: [] }))).toBeNull();
  });
});
