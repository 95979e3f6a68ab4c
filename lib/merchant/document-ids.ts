import { createHash } from "node:crypto";
import type { DeliveryArea, SpecificLocation, StoreInfo, StoreMenu } from "@/lib/platform/store-api/types";

// The merchant document's ids and inputs, apart from the document itself (./document.ts) so the
// pizza module's mapping (./pizza-document.ts) and the sold-out updates (./menu-refs.ts) share them.

export type MenuState = {
  /** AVAILABLE unless paused. */
  status: "AVAILABLE" | "UNAVAILABLE";
  soldOutItems: ReadonlySet<number>;
  soldOutOptions: ReadonlySet<number>;
  /** Pizza sizes and flavours (the store API's pizza module). */
  soldOutSizes: ReadonlySet<number>;
  soldOutFlavors: ReadonlySet<number>;
  busyMinutes: number;
};

export type ImportedMenu = {
  store: StoreInfo;
  menu: StoreMenu;
  /**
   * Where the store delivers and its fees (the store API's delivery areas and specific locations),
   * priced on own delivery orders (lib/own-orders/delivery-fee.ts). Absent in imports before 0024.
   */
  delivery?: { areas: DeliveryArea[]; locations: SpecificLocation[] };
};

/** The merchant document's TTL: the platform re-reads it after 10 minutes (the standard's minimum is 500 s). */
export const MERCHANT_TTL_SECONDS = 600;

/** A stable uuid from a name, so every entity keeps its id across imports and restarts. */
export function stableId(storeId: string, name: string): string {
  const hex = createHash("sha256").update(`${storeId}:${name}`).digest("hex");
  const variant = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const offerId = (storeId: string, itemId: number) => stableId(storeId, `offer:${itemId}`);
export const optionEntityId = (storeId: string, propertyId: number, optionId: number) =>
  stableId(storeId, `option:${propertyId}:${optionId}`);
export const optionItemId = (storeId: string, optionId: number) => stableId(storeId, `item:option:${optionId}`);
