import type { DeliveryAddressInput, OwnOrderInput } from "@/lib/contract/own-order";
import { stableId } from "@/lib/merchant/document-ids";
import { formatPhoneKey } from "./phone";
import { reaisOf } from "./money";
import type { OrderTotals, PricedLine } from "./totals";

// An own order as an Open Delivery order document — the very shape a platform's
// GET /v1/orders/{orderId} returns and platform orders keep in orders.details — so the board,
// tickets, review, history, reports and exports read it unchanged. Prices are written from the
// server's cents (./totals.ts), in reais as the standard has them.

const BRL = "BRL";
const price = (cents: number) => ({ value: reaisOf(cents), currency: BRL });

/** Comanda's own app id in the document's sourceAppId / salesChannel. */
export const OWN_SOURCE_APP = "comanda";

export interface OwnOrderFacts {
  /** Comanda's id of the order (`own:<uuid>`); the document's id is the uuid, as a platform's would be. */
  orderId: string;
  displayId: string;
  channelId: string;
  restaurantName: string;
  /** The channel's label: the standard's salesChannel (Balcão, Telefone, WhatsApp, Mesa). */
  channelLabel: string;
  createdAt: Date;
  /** When the kitchen should start: now, or the scheduled time less the preparation time. */
  preparationStartAt: Date;
  estimatedReadyAt: Date;
  customer: { id: string; name: string; phoneKey: string } | null;
}

export function ownOrderDocument(
  input: OwnOrderInput,
  lines: readonly PricedLine[],
  totals: OrderTotals,
  facts: OwnOrderFacts,
): Record<string, unknown> {
  const iso = (date: Date) => date.toISOString();
  const { type } = input;
  const scheduled = input.scheduledFor ? new Date(input.scheduledFor) : null;
  // The standard's ids are uuids: the lines' are derived from the order's, so they never change.
  const lineId = (...path: number[]) => stableId(facts.orderId, `line:${path.join(":")}`);
  return {
    id: documentIdOf(facts.orderId),
    type: type === "delivery" ? "DELIVERY" : type === "takeout" ? "TAKEOUT" : "INDOOR",
    displayId: facts.displayId,
    sourceAppId: OWN_SOURCE_APP,
    salesChannel: facts.channelLabel,
    createdAt: iso(facts.createdAt),
    lastEvent: "CREATED",
    orderTiming: scheduled ? "SCHEDULED" : "INSTANT",
    preparationStartDateTime: iso(facts.preparationStartAt),
    merchant: { id: facts.channelId, name: facts.restaurantName },
    items: lines.map((line, index) => ({
      index: index + 1,
      id: lineId(index + 1),
      name: line.name,
      externalCode: line.code,
      unit: "UN",
      quantity: line.quantity,
      unitPrice: price(line.unitCents),
      optionsPrice: price(line.optionsCents),
      totalPrice: price(line.totalCents),
      ...(line.note ? { specialInstructions: line.note } : {}),
      ...(line.options.length > 0
        ? {
            options: line.options.map((option, optionIndex) => ({
              index: optionIndex + 1,
              id: lineId(index + 1, optionIndex + 1),
              name: option.name,
              externalCode: option.code,
              unit: "UN",
              quantity: option.quantity,
              unitPrice: price(option.unitCents),
              totalPrice: price(option.totalCents),
            })),
          }
        : {}),
    })),
    otherFees:
      totals.deliveryFeeCents > 0
        ? [
            {
              name: "Taxa de entrega",
              type: "DELIVERY_FEE",
              receivedBy: "MERCHANT",
              price: price(totals.deliveryFeeCents),
            },
          ]
        : [],
    discounts: [],
    total: {
      itemsPrice: price(totals.itemsCents),
      otherFees: price(totals.deliveryFeeCents),
      discount: price(0),
      orderAmount: price(totals.totalCents),
    },
    // Own orders are paid to the restaurant on delivery or at the counter: pending, never prepaid.
    payments: {
      prepaid: 0,
      pending: reaisOf(totals.totalCents),
      methods: [
        {
          value: reaisOf(totals.totalCents),
          currency: BRL,
          type: "PENDING",
          method: input.payment.method,
          ...(totals.changeForCents !== null ? { changeFor: reaisOf(totals.changeForCents) } : {}),
        },
      ],
    },
    ...(facts.customer
      ? {
          customer: {
            id: facts.customer.id,
            name: facts.customer.name,
            phone: { number: formatPhoneKey(facts.customer.phoneKey) },
            ordersCountOnMerchant: 0,
          },
        }
      : input.customer?.name
        ? {
            customer: {
              id: stableId(facts.orderId, "customer"),
              name: input.customer.name,
              phone: { number: "" },
              ordersCountOnMerchant: 0,
            },
          }
        : {}),
    ...(scheduled
      ? { schedule: { scheduledDateTimeStart: iso(scheduled), scheduledDateTimeEnd: iso(scheduled) } }
      : {}),
    ...(type === "delivery" && input.address
      ? {
          delivery: {
            deliveredBy: "MERCHANT",
            deliveryAddress: addressDocument(input.address),
            estimatedDeliveryDateTime: iso(facts.estimatedReadyAt),
          },
        }
      : {}),
    ...(type === "takeout" ? { takeout: { mode: "DEFAULT", takeoutDateTime: iso(facts.estimatedReadyAt) } } : {}),
    ...(type === "counter" || type === "table"
      ? {
          indoor: {
            mode: type === "table" ? "PLACE" : "DEFAULT",
            indoorDateTime: iso(facts.estimatedReadyAt),
            ...(type === "table" && input.table ? { place: input.table } : {}),
          },
        }
      : {}),
    ...(input.note ? { extraInfo: input.note } : {}),
  };
}

/** The document's id: Comanda's order id without its `own:` prefix. */
export function documentIdOf(orderId: string): string {
  return orderId.slice(orderId.indexOf(":") + 1);
}

function addressDocument(address: DeliveryAddressInput) {
  const street = `${address.street}, ${address.number}${address.complement ? ` ${address.complement}` : ""}`;
  return {
    country: "BR",
    state: address.state,
    city: address.city,
    district: address.district,
    street: address.street,
    number: address.number,
    ...(address.complement ? { complement: address.complement } : {}),
    ...(address.reference ? { reference: address.reference } : {}),
    formattedAddress: [street, address.district, address.city].filter(Boolean).join(" - "),
    postalCode: address.postalCode,
    coordinates: address.coordinates ?? { latitude: 0, longitude: 0 },
  };
}
