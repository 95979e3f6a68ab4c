// The store catalogue of the sandbox's store API: one brand, its stores, their menus and the
// commercial rules (delivery areas and fees, payment forms, vouchers, loyalty, referral).
// Prices are integer cents here; the API shows them as Money {value in reais, currency}.
// Times of day carry the store's UTC offset (São Paulo, -03:00, no daylight saving since 2019).
// Weekdays: 0 = Sunday … 6 = Saturday.

export type Availability = { id: number; weekday: number; periodStart: string; periodEnd: string };

export type OptionDef = {
  id: number;
  name: string;
  description: string;
  customCode: string;
  priceCents: number;
  status?: string;
};

export type PropertyDef = {
  id: number;
  name: string;
  description: string;
  /** SINGLE (radio) or MULTIPLE (checkboxes). */
  choiceType: string;
  /** Fewest and most distinct options; min ≥ 1 makes the property required. */
  min: number;
  max: number;
  /** Most units of one option per item ("2× bacon"). */
  maxEach: number;
  options: OptionDef[];
};

export type ItemDef = {
  id: number;
  name: string;
  description: string;
  customCode: string;
  priceCents: number;
  oldPriceCents?: number;
  status?: string;
  properties?: PropertyDef[];
  availabilities?: Availability[];
  badges?: string[];
};

export type CategoryDef = {
  id: number;
  name: string;
  description: string;
  isPizzaModule?: boolean;
  /** A main course: the simulator's customers pick one or two of these (or a pizza). */
  main?: boolean;
  items: ItemDef[];
};

/** Pizza flavours are priced per size through their tier (a size lists the price of each tier). */
export type FlavorTier = "TRADICIONAL" | "ESPECIAL" | "PREMIUM" | "DOCE";

export type FlavorDef = {
  id: number;
  name: string;
  description: string;
  customCode: string;
  tier: FlavorTier;
  status?: string;
  availabilities?: Availability[];
};

export type PizzaSizeDef = {
  id: number;
  name: string;
  description: string;
  customCode: string;
  slices: number;
  maximumFlavors: number;
  /** HIGHEST: the dearest flavour's price; AVERAGE: the mean of the flavours' prices. */
  priceCalculationType: string;
  tierPrices: Record<FlavorTier, number>;
  properties: PropertyDef[];
};

export type LatLng = { lat: number; lng: number };

export type FeeRule = {
  /** FIXED, FREE_ABOVE_MINIMUM or DYNAMIC (peak hours); open for clients. */
  type: string;
  fixedCents: number;
  freeAboveCents?: number;
  dynamicCents?: number;
  dynamicStart?: string;
  dynamicEnd?: string;
};

export type DeliveryAreaDef = {
  id: number;
  name: string;
  polygon: LatLng[];
  rule: FeeRule;
  minWait: number;
  maxWait: number;
  inactivation?: { start: string; end: string };
  isActive: boolean;
};

export type SpecificLocationDef = Omit<DeliveryAreaDef, "polygon"> & {
  street: string;
  neighborhood: string;
  zipcode: string;
};

export type AddressDef = {
  street: string;
  number: string;
  zipcode: string;
  neighborhood: string;
  city: string;
  state: string;
  complement: string;
  reference_point: string | null;
  lat: number;
  lng: number;
};

export type TableSectionDef = { name: string; prefixCode: string; viewOrder: number; tables: number };

export type BannerDef = { id: number; name: string; platforms: string[]; type: string; availabilities: Availability[] };

/** Lines a generated order draws from these categories (the pizza module's: its sizes), leaving out `except` codes. */
export type OrderSectionDef = { min: number; max: number; categoryIds: number[]; except?: string[] };

/**
 * How the interchange side's random orders (lib/sandbox/seed/order-menu.ts) draw on the store's
 * menu; the store API ignores it. Unavailable items and those sold only at some hours stay out.
 */
export type OrderingDef = {
  /** One is charged on a generated delivery. */
  deliveryFeeCents: readonly number[];
  sections: OrderSectionDef[];
  /** What customers write on a line, by category id. */
  instructions: Record<number, string[]>;
  /** Orders of a virtual brand carry its name on the order and its events (Open Delivery 1.4). */
  virtualBrands?: { name: string; share: number; deliveryFeeCents: readonly number[]; sections: OrderSectionDef[] }[];
};

export type StoreDef = {
  id: number;
  /** The interchange merchant this store is (its id is derived from the key: merchant-id.ts). */
  merchantKey: string;
  serviceId: string;
  name: string;
  companyName: string;
  description: string;
  encodedName: string;
  document: string;
  contactTelephone: string;
  address: AddressDef;
  colors: { primary: string; secondary: string; font: string; background: string };
  minimumOrderCents: number;
  takeoutMinimumOrderCents: number;
  minWaitingTime: number;
  maxWaitingTime: number;
  businessHours: { weekday: number; shiftStart: string; shiftEnd: string }[];
  categories: CategoryDef[];
  pizzaSizes: PizzaSizeDef[];
  flavors: FlavorDef[];
  deliveryAreas: DeliveryAreaDef[];
  specificLocations: SpecificLocationDef[];
  tableSections: TableSectionDef[];
  banners: BannerDef[];
  ordering: OrderingDef;
  /** Set on the merchant's view only (merchant/controls.ts): what the merchant reported sold out. */
  soldOut?: { items: ReadonlySet<number>; options: ReadonlySet<number>; names: ReadonlyMap<string, string> };
};

export type PaymentFormDef = {
  id: number;
  name: string;
  encodedName: string;
  /** Interchange payment method (CASH, CREDIT, PIX…) and whether it is paid in the app. */
  method: "CASH" | "CREDIT" | "PIX";
  online: boolean;
  askForChange: boolean;
  isCardBrand: boolean;
};

export type VoucherDef = {
  id: number;
  code: string;
  description: string;
  /** PERCENT or FIXED. */
  type: string;
  /** CART, DELIVERY_FEE or CATEGORY (only the lines of idsCategories). */
  applyTo: string;
  valueCents?: number;
  valuePercent?: number;
  minOrderCents: number;
  expires: string;
  storeIds: number[];
  idsCategories?: number[];
  applyToPayments?: string[];
  onlyDelivery?: boolean;
  isOnlyFirstOrder?: boolean;
  isIndividual?: boolean;
  isBirthdayType?: boolean;
  limitOfUses: number;
  active: boolean;
  customCode: string;
};
