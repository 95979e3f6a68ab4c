// The shape of a sandbox menu: just enough structure for the order factory to build realistic
// lines (sizes as items, flavours and extras as option groups) with prices in cents.

export type CatalogOption = { code: string; name: string; priceCents: number };

export type OptionGroup = {
  name: string;
  /** Fewest and most distinct options picked. */
  min: number;
  max: number;
  /** Most units of one option (e.g. "2× bacon extra"). */
  maxQuantityEach: number;
  /** Chance of using the group at all when min is 0. */
  chance: number;
  /** Pizza flavours: with two picked, each is a half ("1/2 Calabresa") and costs half. */
  halves?: boolean;
  options: CatalogOption[];
};

export type CatalogItem = {
  code: string;
  name: string;
  priceCents: number;
  maxQuantity: number;
  groups?: OptionGroup[];
  instructions?: string[];
};

export type MenuSection = {
  /** Each order takes between min and max of these lines. */
  min: number;
  max: number;
  items: CatalogItem[];
};

export type Menu = {
  sections: MenuSection[];
  deliveryFeeCents: readonly number[];
};

export type MerchantSeed = {
  key: string;
  name: string;
  serviceId: string;
  menu: Menu;
  /** Orders of a virtual brand carry its name on the order and its events (Open Delivery 1.4). */
  virtualBrands?: { name: string; menu: Menu; share: number }[];
};
