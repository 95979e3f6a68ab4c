import type { MerchantControls } from "./merchant/state";
// Domain types of the sandbox platform. The order shape is the Open Delivery "Order" (details)
// as the standard defines it; the platform's own bookkeeping (status, credentials, events with
// their ack flag) sits beside it so the standard document stays exactly what clients receive.

export type Price = { value: number; currency: string };

export type OrderType = "DELIVERY" | "TAKEOUT" | "INDOOR";
export type OrderTiming = "INSTANT" | "SCHEDULED";
export type PaymentMethodName = "CASH" | "PIX" | "CREDIT";

/** What an item and each of its options have in common in the standard's order. */
type OrderLine = {
  index: number;
  id: string;
  name: string;
  externalCode: string;
  unit: "UN";
  quantity: number;
  unitPrice: Price;
  totalPrice: Price;
  specialInstructions?: string;
};

export type OptionLine = OrderLine;

export type ItemLine = OrderLine & {
  optionsPrice: Price;
  options?: OptionLine[];
};

export type OtherFee = {
  name: string;
  /** MIN_ORDER_FEE is 1.7's: the rest of the minimum, paid by a customer who ordered less. */
  type: "DELIVERY_FEE" | "SERVICE_FEE" | "TIP" | "MIN_ORDER_FEE";
  receivedBy: "MARKETPLACE" | "MERCHANT" | "LOGISTIC_SERVICES";
  price: Price;
  observation?: string;
};

export type Discount = {
  amount: Price;
  target: "CART" | "DELIVERY_FEE" | "ITEM";
  targetId?: string;
  sponsorshipValues: { name: "MARKETPLACE" | "MERCHANT"; amount: Price }[];
};

export type PaymentMethodLine = {
  value: number;
  currency: string;
  type: "PREPAID" | "PENDING";
  method: PaymentMethodName;
  brand?: string;
  methodInfo?: string;
  changeFor?: number;
};

export type Customer = {
  id: string;
  name: string;
  documentNumber?: string;
  phone: { number: string; extension?: string };
  email?: string;
  ordersCountOnMerchant: number;
};

export type DeliveryAddress = {
  country: string;
  state: string;
  city: string;
  district: string;
  street: string;
  number: string;
  complement?: string;
  reference?: string;
  formattedAddress: string;
  postalCode: string;
  coordinates: { latitude: number; longitude: number };
};

/**
 * The customer's address for the NFC-e (nota fiscal) of an order that is not delivered. Not a
 * field of Open Delivery 1.7.0: 2.0 rc.2 added it (`fulfillment.billingAddress`, CINE-F nº 9/2026),
 * in this shape; the sandbox's 1.x orders carry it at the root, where 1.x keeps the fields 2.0
 * moved under `fulfillment` (1.7.0's Order does not close its properties, so the body stays valid).
 */
export type BillingAddress = {
  street: string;
  number: string;
  complement?: string;
  neighborhood: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
};

/** The Open Delivery order document, as GET /v1/orders/{orderId} returns it. */
export type OdOrder = {
  id: string;
  type: OrderType;
  displayId: string;
  sourceAppId: string;
  salesChannel: string;
  virtualBrand?: string;
  createdAt: string;
  lastEvent?: string;
  orderTiming: OrderTiming;
  preparationStartDateTime: string;
  merchant: { id: string; name: string };
  items: ItemLine[];
  otherFees: OtherFee[];
  discounts: Discount[];
  total: { itemsPrice: Price; otherFees: Price; discount: Price; orderAmount: Price };
  payments: { prepaid: number; pending: number; methods: PaymentMethodLine[] };
  customer?: Customer;
  schedule?: { scheduledDateTimeStart: string; scheduledDateTimeEnd: string };
  delivery?: {
    deliveredBy: "MERCHANT" | "MARKETPLACE";
    deliveryAddress: DeliveryAddress;
    estimatedDeliveryDateTime: string;
    pickupCode?: string;
  };
  takeout?: {
    mode: "DEFAULT" | "PICKUP_AREA";
    takeoutDateTime: string;
    /** Set by 2.0's ready-for-pickup. */ pickupCode?: string;
  };
  billingAddress?: BillingAddress;
  indoor?: { mode: "DEFAULT" | "PLACE" | "TAB"; indoorDateTime: string; place?: string; tab?: string };
  sendDelivered?: boolean;
  sendPickedUp?: boolean;
  extraInfo?: string;
};

/**
 * The platform's own order status. The standard defines none; the platform document names
 * IN_TRANSIT and DONE, and the admin/store APIs report it.
 */
export type PlatformStatus = "CREATED" | "CONFIRMED" | "IN_TRANSIT" | "DONE" | "CANCELLED";

/**
 * Where the order is in the interchange lifecycle (what the merchant has reported). Separate from
 * PlatformStatus because the document leaves the status unchanged by some reports (ready on a
 * DELIVERY order), yet a repeated report must still be refused.
 */
export type Stage = "CREATED" | "CONFIRMED" | "PREPARING" | "READY" | "DISPATCHED" | "CONCLUDED" | "CANCELLED";

export type Credentials = { clientId: string; clientSecret: string };

/** A customer login of the store API (the store API's customer ids are integers). */
export type CustomerLogin = { customerId: number; username: string; password: string };

export type Merchant = {
  merchantId: string;
  name: string;
  serviceId: string;
  interchange: Credentials;
  /** The store's generated API credentials (admin API password grant). */
  admin: Credentials & { username: string; password: string };
  store: Credentials;
  customers: CustomerLogin[];
  /** Optional push of every new event to `{url}/v1/newEvent`; orderURL built from orderBaseUrl. */
  webhook?: { url: string; orderBaseUrl: string };
  /** The merchant API's state (merchant/state.ts): open or closed, sold out, onboarding, last read. */
  controls?: MerchantControls;
  /** A generated merchant (POST /control/integrators): the catalogue store whose menus its orders use. */
  seedKey?: string;
};

/**
 * A Software Service registered with the platform: one set of interchange credentials whose
 * token covers many merchants (Open Delivery's x-polling-merchants names a subset of them).
 */
export type Integrator = Credentials & {
  name: string;
  merchantIds: string[];
  /** Open Delivery 2.0 scopes this credential may ask for (v2/scopes.ts); absent: the default grant. */
  scopes?: string[];
};

export type CancellationMetadata = { reason: string; code: string; clientId?: string };

export type OrderRecord = {
  merchantId: string;
  status: PlatformStatus;
  stage: Stage;
  order: OdOrder;
  /** What the merchant's software told us when it confirmed (kept for tests and the admin API). */
  confirmation?: ConfirmDetails & { at: string; clientId: string };
  /** The merchant's requestCancellation and the platform's answer to it. */
  merchantCancellation?: CancellationMetadata & {
    mode: "AUTO" | "MANUAL";
    outcome: "CANCELLED" | "CANCELLATION_REQUEST_DENIED";
    at: string;
  };
  /** The customer's request (ORDER_CANCELLATION_REQUEST) and the merchant's answer. */
  customerCancellation?: CancellationMetadata & { state: "PENDING" | "ACCEPTED" | "DENIED"; at: string };
  /** deliveryTrackingInfo bodies of dispatch and tracking, oldest first. */
  tracking?: { at: string; info: unknown }[];
  /** Scheduled orders: when PREPARATION_REQUESTED was emitted (once per order). */
  preparationRequestedAt?: string;
  /** Open Delivery 2.0 platforms only: the authoritative `status` GET /v2/orders/{id} answers (v2/status.ts). */
  v2Status?: V2OrderStatus;
};

/** Open Delivery 2.0's OrderStatus (orders.openapi.yaml). */
export type V2OrderStatus =
  "CREATED" | "CONFIRMED" | "PREPARING" | "READY" | "IN_DELIVERY" | "DELIVERED" | "CANCELLED" | "CONCLUDED";

/** The confirm body; the platform document makes every field optional and nullable. */
export type ConfirmDetails = {
  createdAt?: string | null;
  orderExternalCode?: string | null;
  reason?: string | null;
  preparationTime?: number | null;
};

/** An event as stored; orderURL is added per request because it depends on the caller's origin. */
export type StoredEvent = {
  eventId: string;
  eventType: string;
  orderId: string;
  merchantId: string;
  createdAt: string;
  sourceAppId: string;
  virtualBrand?: string;
  metadata?: Record<string, unknown>;
  acknowledged: boolean;
  acknowledgedAt?: string;
};

export type TokenKind = "interchange" | "admin" | "store";

export type AccessToken = {
  token: string;
  /** Absent in snapshots written before admin and store tokens existed: interchange. */
  kind?: TokenKind;
  /** The merchant a merchant's own token is for; `integrator:<clientId>` for an integrator's. */
  merchantId: string;
  /** An integrator's token: every merchant it covers (a merchant's own token covers merchantId). */
  merchantIds?: string[];
  clientId: string;
  customerId?: number;
  expiresAt: number;
  /** Open Delivery 2.0 platforms: the scopes granted to this token (v2/scopes.ts). */
  scopes?: string[];
};

export type RefreshToken = {
  token: string;
  kind: "admin" | "store";
  merchantId: string;
  clientId: string;
  customerId?: number;
  expiresAt: number;
};
