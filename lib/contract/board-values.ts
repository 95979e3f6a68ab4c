/**
 * The board's fixed value lists, without zod: the contract's schemas (board.ts) and the board's
 * first-load shapes (board-shape.ts) both read them, so a value added here reaches both.
 */

/** Where an order sits on the kitchen board. Derived from its events and local actions. */
export const BOARD_COLUMNS = ["new", "preparing", "ready", "dispatched", "done", "cancelled"] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

/** Actions staff can take on an order (the standard's names); the lifecycle table decides when. */
export const ORDER_ACTIONS = [
  "confirm",
  "preparing",
  "readyForPickup",
  "dispatch",
  "delivered",
  "pickedUp",
  "requestCancellation",
  "acceptCancellation",
  "denyCancellation",
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * Open Delivery 2.0: where the platform's courier is, from its logistics events (lib/orders/
 * courier-fact.ts); the card says the latest. Never a status: the order's column stays.
 */
export const COURIER_FACTS = ["assigned", "atStore", "collected", "onTheWay", "atCustomer"] as const;
export type CourierFact = (typeof COURIER_FACTS)[number];

/**
 * Why an order does not look like one a restaurant could really have received (lib/orders/
 * plausibility.ts): the card shows each, so nobody cooks or charges from it without looking.
 */
export const ORDER_FLAGS = [
  "negativeAmount",
  "absurdAmount",
  "unknownCurrency",
  "absurdQuantity",
  "implausibleTime",
  "totalMismatch",
] as const;
export type OrderFlag = (typeof ORDER_FLAGS)[number];

/**
 * What can be sold out, by the store API's ids: an item, an option, a pizza size or a pizza
 * flavour (the pizza module's entities, mapped to ItemOffers and Options: docs/merchant-api.md).
 */
export const SOLD_OUT_KINDS = ["item", "option", "size", "flavor"] as const;
export type SoldOutKind = (typeof SOLD_OUT_KINDS)[number];

/** The standard's cancellation codes (a cancellation asked by the store), and those of a refused one. */
export const CANCELLATION_CODES = [
  "SYSTEMIC_ISSUES",
  "DUPLICATE_APPLICATION",
  "UNAVAILABLE_ITEM",
  "RESTAURANT_WITHOUT_DELIVERY_PERSON",
  "OUTDATED_MENU",
  "ORDER_OUTSIDE_THE_DELIVERY_AREA",
  "BLOCKED_CUSTOMER",
  "OUTSIDE_DELIVERY_HOURS",
  "INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT",
  "RISK_AREA",
  "DELIVERY_PROBLEM",
] as const;

export const DENY_CANCELLATION_CODES = ["DISH_ALREADY_DONE", "OUT_FOR_DELIVERY"] as const;
