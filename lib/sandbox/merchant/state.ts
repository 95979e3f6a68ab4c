// What the platform believes about a merchant after the merchant API (Open Delivery's
// merchantUpdate, merchantOnboarding and the pulls of the merchant's GET /v1/merchant): open or
// closed, which store-API items and options are sold out, where its merchant endpoint is and how
// the last read went. Kept on the merchant record, so the snapshot carries it. Types only, in their
// own module: the record (../types.ts) and the functions over it (controls.ts) both import them.

export type ReadStatus = { lastRead: string; status: "SUCCESS" | "PROCESSING" | "FAIL"; moreInfo?: string };

/** The last good document's references, so an update naming an ItemOffer or Option can be resolved. */
export type PulledMenu = {
  /** ItemOffer id → the store API item id (its Item's externalCode, "item:<id>"). */
  offers: Record<string, number>;
  /** Option id → the store API option id (its Item's externalCode, "option:<id>"). */
  options: Record<string, number>;
  /** Item id (Open Delivery) → externalCode, for updates naming itemId only. */
  items: Record<string, string>;
  /** ItemOffer id → pizza size id ("pizzaSize:<id>"); absent in menus pulled before pizzas were mapped. */
  sizes?: Record<string, number>;
  /** Option id → pizza flavour id ("flavor:<id>"), one per size listing the flavour. */
  flavors?: Record<string, number>;
  ttlSeconds: number;
};

/** A 2.0 item offer's availability as the Software Service last PATCHed it (v2/stock.ts). */
export type OfferAvailability = { status?: "AVAILABLE" | "UNAVAILABLE"; quantityAvailable?: number | null };

export type MerchantControls = {
  status: "AVAILABLE" | "UNAVAILABLE";
  statusChangedAt?: string;
  soldOutItems: number[];
  soldOutOptions: number[];
  /** The pizza module's sizes and flavours (optional: snapshots from before they were mapped). */
  soldOutSizes?: number[];
  soldOutFlavors?: number[];
  onboarding?: { baseURL: string; apiKey?: string; ordersWebhookURL?: string; at: string };
  read?: ReadStatus;
  menu?: PulledMenu;
  /** 2.0 only: item offer id (this platform's item id) → availability; absent until first PATCHed. */
  offers?: Record<string, OfferAvailability>;
  /** 2.0 only: the last catalogue update taken (an item offer PATCH or a snapshot PUT; v2/snapshot.ts). */
  catalogueUpdate?: { receivedAt: string; entityType: "SNAPSHOT" | "ITEM_OFFER" };
  /** 2.0 only: the last update held "still processing" (PUT /control/merchants/{id}/catalogue-processing). */
  catalogueProcessing?: boolean;
  /** 2.0 only: each service's pause in force or ended (v2/service-pause.ts). */
  servicePauses?: Partial<Record<"DELIVERY" | "TAKEOUT" | "INDOOR", { pauseUntil: string; reason?: string }>>;
};
