// Domain types of the sandbox platform. The order shape is the Open Delivery "Order" (details)
// as the standard defines it; the platform's own bookkeeping (status, credentials, events with
// their ack flag) sits beside it so the standard document stays exactly what clients receive.

export type Price = { value: number; currency: string };

export type OrderType = "DELIVERY" | "TAKEOUT" | "INDOOR";
export type OrderTiming = "INSTANT" | "SCHEDULED";
export type PaymentMethodName = "CASH" | "PIX" | "CREDIT";

export type OptionLine = {
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

export type ItemLine = {
  index: number;
  id: string;
  name: string;
  externalCode: string;
  unit: "UN";
  quantity: number;
  unitPrice: Price;
  optionsPrice: Price;
  totalPrice: Price;
  specialInstructions?: string;
  options?: OptionLine[];
};

export type OtherFee = {
  name: string;
  type: "DELIVERY_FEE" | "SERVICE_FEE" | "TIP";
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
  takeout?: { mode: "DEFAULT" | "PICKUP_AREA"; takeoutDateTime: string };
  indoor?: { mode: "DEFAULT" | "PLACE" | "TAB"; indoorDateTime: string; place?: string; tab?: string };
  sendDelivered?: boolean;
  sendPickedUp?: boolean;
  extraInfo?: string;
};

/**
 * The platform's own order status. The standard defines none; the platform document names
 * IN_TRANSIT and DONE, and the admin/store APIs of the later issue need a status to report.
 */
export type PlatformStatus = "CREATED" | "CONFIRMED" | "IN_TRANSIT" | "DONE" | "CANCELLED";

export type Merchant = {
  merchantId: string;
  name: string;
  serviceId: string;
  interchange: { clientId: string; clientSecret: string };
};

export type OrderRecord = {
  merchantId: string;
  status: PlatformStatus;
  order: OdOrder;
  /** What the merchant's software told us when it confirmed (kept for tests and the admin API). */
  confirmation?: ConfirmDetails & { at: string; clientId: string };
};

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

export type AccessToken = {
  token: string;
  merchantId: string;
  clientId: string;
  expiresAt: number;
};
