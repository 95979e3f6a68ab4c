import type { DeliveryAddress, ItemLine, OdOrder, OptionLine, OrderRecord } from "../types";
import { v2StatusOf } from "./status";

// The order a 2.0 platform answers at GET /v2/orders/{id} (orders.openapi.yaml, Order): the same
// order the 1.x simulator placed (same menu, customers, prices), moved into 2.0's places —
// `fulfillment` (orderType and the profile's context), the unified `timing`, each line's and
// option's prices under `pricing`, `observations` for notes, `context.salesChannel`, and the
// authoritative `status`. Money stays `Price {value, currency}` in reais, as in 1.x (the document
// says 2.0 "returns to the V1 model"; its examples' integers are not cents by any rule it states).
// Where rc.2 has no place for something the kitchen needs it travels as an extra field the
// schema allows (docs/open-delivery-2.md, "Sandbox, 2.0 dialect"): `fulfillment.delivery.deliveredBy`
// and `pickupCode` (who carries the bag, the code the platform's courier shows), `virtualBrand`.

type Price = { value: number; currency: string };
type V2Option = {
  id: string;
  name: string;
  externalCode?: string;
  quantity: number;
  defaultQuantity: number;
  pricing: { unitPrice: Price; originalPrice: Price; totalPrice: Price };
  options?: V2Option[];
};

/** A half-and-half pizza's flavours ("1/2 Calabresa"): 2.0 nests them under one choice. */
const HALF = /^1\/2 /;

const zero = (currency: string): Price => ({ value: 0, currency });

function optionOf(option: OptionLine): V2Option {
  return {
    id: option.id,
    name: option.name,
    externalCode: option.externalCode,
    quantity: option.quantity,
    defaultQuantity: 0,
    pricing: { unitPrice: option.unitPrice, originalPrice: option.unitPrice, totalPrice: option.totalPrice },
  };
}

/**
 * The line's options, the halves of a pizza nested under a "Meio a meio" choice of no price of
 * its own (the nested halves carry theirs, summed into the item's optionsPrice as the document's
 * example sums nested options).
 */
function optionsOf(line: ItemLine): V2Option[] | undefined {
  const options = line.options ?? [];
  if (options.length === 0) return undefined;
  const halves = options.filter((option) => HALF.test(option.name));
  const others = options.filter((option) => !HALF.test(option.name)).map(optionOf);
  if (halves.length < 2) return options.map(optionOf);
  const currency = line.unitPrice.currency;
  const parent: V2Option = {
    id: `${line.id}:halves`,
    name: "Meio a meio",
    quantity: 1,
    defaultQuantity: 0,
    pricing: { unitPrice: zero(currency), originalPrice: zero(currency), totalPrice: zero(currency) },
    options: halves.map(optionOf),
  };
  return [parent, ...others];
}

/** The catalogue offer a line was ordered from (v2/stock.ts); undefined: the line's own id stands in. */
export type OfferOf = (line: ItemLine) => string | undefined;

function itemOf(line: ItemLine, offerOf: OfferOf) {
  const options = optionsOf(line);
  return {
    id: line.id,
    name: line.name,
    externalCode: line.externalCode,
    // The catalogue's item offer the line was ordered from (GET …/item-offers lists the same ids).
    itemOfferId: offerOf(line) ?? line.id,
    quantity: line.quantity,
    unit: line.unit,
    pricing: {
      unitPrice: line.unitPrice,
      originalPrice: line.unitPrice,
      optionsPrice: line.optionsPrice,
      totalPrice: line.totalPrice,
    },
    ...(options && { options }),
    ...(line.specialInstructions && { observations: line.specialInstructions }),
  };
}

/** 2.0's delivery address has no `number` nor `country`: the number goes with the street, as in its example. */
function addressOf(address: DeliveryAddress) {
  return {
    street: `${address.street}, ${address.number}`,
    ...(address.complement && { complement: address.complement }),
    neighborhood: address.district,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    coordinates: address.coordinates,
  };
}

function fulfillmentOf(order: OdOrder) {
  if (order.type === "DELIVERY" && order.delivery) {
    const { delivery } = order;
    return {
      orderType: "DELIVERY" as const,
      delivery: {
        address: addressOf(delivery.deliveryAddress),
        estimatedDeliveryDateTime: delivery.estimatedDeliveryDateTime,
        ...(delivery.deliveryAddress.reference && { observations: delivery.deliveryAddress.reference }),
        deliveredBy: delivery.deliveredBy,
        ...(delivery.pickupCode && { pickupCode: delivery.pickupCode }),
      },
    };
  }
  if (order.type === "INDOOR") {
    const indoor = order.indoor;
    const table = indoor?.mode === "PLACE";
    const tab = indoor?.mode === "TAB";
    return {
      orderType: "INDOOR" as const,
      indoor: {
        operationMode: table ? ("TABLE" as const) : tab ? ("TAB" as const) : ("COUNTER" as const),
        identifier: (table ? indoor?.place : tab ? indoor?.tab : undefined) ?? order.displayId,
        originChannel: { type: "APP" as const },
        consumptionType: "DINE_IN" as const,
      },
    };
  }
  return { orderType: "TAKEOUT" as const, takeout: {} };
}

/** The 2.0 Order of a record (its status the platform's own, v2/status.ts). */
export function toV2Order(record: OrderRecord, offerOf: OfferOf = () => undefined) {
  const { order } = record;
  return {
    id: order.id,
    displayId: order.displayId,
    status: v2StatusOf(record),
    ...(order.lastEvent && { lastEvent: order.lastEvent }),
    createdAt: order.createdAt,
    sourceAppId: order.sourceAppId,
    timing: {
      orderTiming: order.orderTiming,
      ...(order.schedule && { schedule: order.schedule }),
      preparationStartDateTime: order.preparationStartDateTime,
    },
    merchant: { id: order.merchant.id, name: order.merchant.name },
    ...(order.customer && { customer: order.customer }),
    // The billing address (for the NFC-e) is 2.0's own field; the 1.7 dialect carries it at the root.
    fulfillment: { ...fulfillmentOf(order), ...(order.billingAddress && { billingAddress: order.billingAddress }) },
    items: order.items.map((line) => itemOf(line, offerOf)),
    total: order.total,
    otherFees: order.otherFees.map(({ name, type, receivedBy, price }) => ({ name, type, receivedBy, price })),
    discounts: order.discounts,
    payments: order.payments,
    context: { salesChannel: order.salesChannel },
    ...(order.extraInfo && { observations: order.extraInfo }),
    ...(order.virtualBrand && { virtualBrand: order.virtualBrand }),
  };
}

export type V2Order = ReturnType<typeof toV2Order>;
