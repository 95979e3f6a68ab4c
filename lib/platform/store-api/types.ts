// Comanda's own view of a store as the store API describes it: what the store page shows and the
// test order is built from. Serializable (server components hand it to client components).

export interface Money {
  value: number;
  currency: string;
}

/** A weekly period: weekday 0 = Sunday; times of day as the platform gives them ("18:00:00-03:00"). */
export interface WeeklyPeriod {
  weekday: number;
  start: string;
  end: string;
}

export interface StoreInfo {
  name: string;
  companyName: string;
  /** The company's CNPJ, digits (the merchant document's basicInfo.document); absent in older imports. */
  document?: string;
  description: string;
  serviceId: string;
  /** OPEN, CLOSED, or a newer value (kept as given). */
  status: string;
  address: string;
  /** The address's city alone (the own-order form's first guess); absent in imports made before it. */
  city?: string;
  location: { lat: number; lng: number } | null;
  telephone: string;
  minimumOrder: Money | null;
  takeoutMinimumOrder: Money | null;
  waitingMinutes: { min: number; max: number } | null;
  businessHours: WeeklyPeriod[];
  receivesOrders: boolean | null;
}

export interface FeeRule {
  type: string;
  fixedPrice: Money | null;
  dynamicPrice: Money | null;
  dynamicStart: string | null;
  dynamicEnd: string | null;
  freeAbove: Money | null;
}

export interface DeliveryArea {
  id: number;
  name: string;
  active: boolean;
  waitingMinutes: { min: number; max: number } | null;
  fee: FeeRule | null;
  /** A daily period without deliveries (times of day with offset). */
  pause: { start: string; end: string } | null;
  polygon: Array<{ lat: number; lng: number }>;
}

export interface SpecificLocation {
  id: number;
  name: string;
  active: boolean;
  street: string;
  neighborhood: string;
  zipcode: string;
  fee: FeeRule | null;
}

export interface PaymentForm {
  id: number;
  name: string;
  online: boolean;
  askForChange: boolean;
  isCardBrand: boolean;
  acceptedOnDelivery: boolean;
}

export interface MenuOption {
  id: number;
  name: string;
  status: string;
  price: Money | null;
}

export interface MenuProperty {
  id: number;
  name: string;
  minChoices: number;
  maxChoices: number;
  options: MenuOption[];
}

export interface MenuItem {
  id: number;
  name: string;
  description: string;
  status: string;
  price: Money | null;
  oldPrice: Money | null;
  /** The merchant's own code for the item (the store API's customCode), when it has one: how channels' catalogues are matched. */
  code?: string;
  availabilities: WeeklyPeriod[];
  properties: MenuProperty[];
}

export interface MenuCategory {
  id: number;
  name: string;
  description: string;
  status: string;
  isPizzaModule: boolean;
  items: MenuItem[];
}

export interface PizzaFlavor {
  id: number;
  name: string;
  description: string;
  status: string;
  price: Money | null;
  sweet: boolean;
  availabilities: WeeklyPeriod[];
}

export interface PizzaSize {
  id: number;
  name: string;
  description: string;
  status: string;
  slices: number | null;
  maximumFlavors: number | null;
  priceCalculationType: string;
  flavors: PizzaFlavor[];
  properties: MenuProperty[];
}

export interface StoreMenu {
  categories: MenuCategory[];
  pizzaSizes: PizzaSize[];
}
