import type { SeedCustomer } from "../catalog";
import type { AddressDef } from "../catalog/types";
import type { PricedCart } from "./cart";
import type { OrderCreateInput } from "./order-schemas";

// What the store API adds to the platform's state: customer profiles, addresses, saved cards,
// store-API orders (integer ids pointing at interchange orders) and promotion usage. It lives on
// the SandboxState (so the snapshot carries it) and holds data only; StoreDomain is the behaviour.

export type Profile = Omit<SeedCustomer, "addresses" | "password" | "loyaltyPoints" | "username"> & {
  merchantId: string;
  emailActive: boolean;
  notificationActive: boolean;
  loyalty: { points: number; earnedAt: number }[];
  usedPoints: number;
};

export type SavedAddress = {
  id: number;
  merchantId: string;
  customerId: number;
  description: string | null;
  address: AddressDef;
};

export type SavedCard = {
  id: number;
  merchantId: string;
  customerId: number;
  brand: string;
  lastNumbers: number;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
  document: string;
  billingAddressId: number | null;
  isPrimary: boolean;
};

export type StoreOrder = {
  id: number;
  merchantId: string;
  interchangeId: string;
  customerId?: number;
  /** Guests are told apart by phone, for first-order vouchers and ordersCountOnMerchant. */
  phone: string;
  input: OrderCreateInput;
  cart: PricedCart;
  values: { subtotal: number; discount: number; deliveryFee: number; serviceFee: number; total: number };
  address: (AddressDef & { id: number | null }) | null;
  type: "DELIVERY" | "TAKEOUT" | "TABLE";
  createdAt: string;
  expectedTime: string;
  requiredChangeCents: number | null;
  pointsEarned: number;
};

export type StoreApiState = {
  /** Keyed `${merchantId}:${customerId}`. */
  profiles: Map<string, Profile>;
  addresses: Map<number, SavedAddress>;
  cards: Map<number, SavedCard>;
  orders: StoreOrder[];
  /** Keyed `${merchantId}:${voucherId}:${customer or phone}`. */
  voucherUses: Map<string, number>;
  nextIds: { address: number; card: number; order: number };
};

export const emptyStoreApiState = (): StoreApiState => ({
  profiles: new Map(),
  addresses: new Map(),
  cards: new Map(),
  orders: [],
  voucherUses: new Map(),
  nextIds: { address: 1, card: 1, order: 100_001 },
});
