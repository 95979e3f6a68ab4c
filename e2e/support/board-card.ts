import type { BoardOrder } from "@/lib/contract/board";

/** A board card for tests: a plain new delivery order; each test overrides what it is about. */
export function boardCard(overrides: Partial<BoardOrder> = {}): BoardOrder {
  return {
    id: "a",
    storeId: "s",
    channelId: overrides.storeId ?? "s",
    displayId: "1001",
    type: "DELIVERY",
    customerName: null,
    itemCount: 1,
    total: null,
    placedAt: "2026-11-20T19:00:00.000Z",
    column: "new",
    actions: [],
    detailsUnreadable: false,
    confirmBy: null,
    scheduledFor: null,
    cancellationRequested: false,
    cancellationPending: false,
    seq: 1,
    ...overrides,
  };
}
