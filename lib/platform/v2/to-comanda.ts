import type { OrderItemOptionV2, OrderItemV2, OrderV2 } from "./order-schema";

// An Open Delivery 2.0 order, reshaped into the order Comanda stores for every platform: the 1.x
// Order's shape (root `type`, `delivery`/`takeout`/`indoor`, flat item prices, `orderTiming`,
// `schedule`, `preparationStartDateTime`, `specialInstructions`, `extraInfo`). Everything that
// reads an order's details — the board's summary, the card, tickets, review, reports, exports —
// reads that one shape, so a 2.0 order reads the same as a 1.x one. The 2.0 payload as received
// is kept beside it (V2_ORIGINAL_KEY) for the audit and for what 1.x has no place for.

/** Where the mapped details keep the 2.0 order as the platform sent it. */
export const V2_ORIGINAL_KEY = "comandaOpenDelivery2";

/** Between a nested option and its parent in the one line a 1.x option is ("Meia 1 › Calabresa"). */
export const NESTED_OPTION_SEPARATOR = " › ";

type Json = Record<string, unknown>;

/** The 1.x-shaped details of a parsed 2.0 order (pure). */
export function toComandaOrder(order: OrderV2): Json {
  const { fulfillment, timing } = order;
  return dropUndefined({
    id: order.id,
    type: fulfillment.orderType,
    displayId: order.displayId,
    sourceAppId: order.sourceAppId,
    salesChannel: order.context?.salesChannel,
    createdAt: order.createdAt,
    lastEvent: order.lastEvent,
    status: order.status,
    orderTiming: timing.orderTiming,
    preparationStartDateTime: timing.preparationStartDateTime,
    schedule: timing.schedule,
    orderPriority: timing.orderPriority,
    merchant: dropUndefined({
      id: order.merchant.id,
      name: order.merchant.name ?? "",
      externalCode: order.merchant.externalCode,
    }),
    items: order.items.map(toItem),
    otherFees: order.otherFees,
    discounts: order.discounts,
    total: order.total,
    payments: order.payments,
    taxInvoice: order.taxInvoice,
    customer: order.customer,
    billingAddress: fulfillment.billingAddress,
    ...profile(order),
    extraInfo: joinNotes(order.observations, order.extraInfo),
    [V2_ORIGINAL_KEY]: order,
  });
}

function profile(order: OrderV2): Json {
  const { fulfillment, timing } = order;
  switch (fulfillment.orderType) {
    case "DELIVERY": {
      const delivery = fulfillment.delivery ?? {};
      const address = delivery.address;
      return {
        delivery: dropUndefined({
          // 2.0 has no deliveredBy: who carries the bag is Logistics' business, never the order's.
          deliveryAddress: address
            ? dropUndefined({
                street: address.street,
                complement: address.complement,
                district: address.neighborhood,
                city: address.city,
                state: address.state,
                postalCode: address.postalCode,
                coordinates: address.coordinates,
                formattedAddress: formatted([
                  address.street,
                  address.complement,
                  address.neighborhood,
                  address.city,
                  address.state,
                  address.postalCode,
                ]),
                reference: delivery.observations,
              })
            : undefined,
          estimatedDeliveryDateTime: delivery.estimatedDeliveryDateTime,
          observations: delivery.observations,
          // Not in rc.2's DeliveryContext, which forbids no extra key: a platform that still says
          // who carries the bag and the code its courier shows (as 1.7 did) is read as 1.7 was.
          deliveredBy: stringOr(delivery.deliveredBy),
          pickupCode: stringOr(delivery.pickupCode),
        }),
      };
    }
    case "TAKEOUT": {
      const takeout = fulfillment.takeout ?? {};
      return {
        takeout: dropUndefined({
          mode: "DEFAULT",
          // Only a time the platform gave: the scheduled window's start. None is invented.
          takeoutDateTime: timing.schedule?.scheduledDateTimeStart,
          pickupCode: takeout.pickupCode,
          observations: takeout.observations,
        }),
      };
    }
    case "INDOOR": {
      const indoor = fulfillment.indoor!;
      const seat = indoor.fulfillment?.dispatch?.seat;
      return {
        indoor: dropUndefined({
          mode: indoor.operationMode === "TAB" ? "TAB" : indoor.operationMode === "TABLE" ? "PLACE" : "DEFAULT",
          // TABLE and COUNTER name a place (the table's number, the counter position); TAB a tab.
          place: indoor.operationMode === "TAB" ? undefined : indoor.identifier,
          tab: indoor.operationMode === "TAB" ? indoor.identifier : undefined,
          seat: seat?.label ?? seat?.id,
          waiterCode: indoor.service?.waiterCode,
          operationMode: indoor.operationMode,
          consumptionType: indoor.consumptionType,
        }),
      };
    }
  }
}

function toItem(item: OrderItemV2, index: number): Json {
  return dropUndefined({
    id: item.id,
    index,
    name: item.name,
    externalCode: item.externalCode,
    itemOfferId: item.itemOfferId,
    unit: item.unit ?? "UN",
    quantity: item.quantity,
    specialInstructions: item.observations,
    unitPrice: item.pricing.unitPrice,
    originalPrice: item.pricing.originalPrice,
    optionsPrice: item.pricing.optionsPrice,
    totalPrice: item.pricing.totalPrice,
    options: item.options ? flattenOptions(item.options) : undefined,
  });
}

/**
 * 1.x options are one level: a nested option becomes its own line after its parent, named with
 * its path ("Meia 1 › Calabresa") and counted per unit of the item (its quantity times its
 * parents'), so the cook reads every choice and how many, in the order the customer made them.
 */
export function flattenOptions(options: readonly OrderItemOptionV2[], path = "", multiplier = 1): Json[] {
  return options.flatMap((option) => {
    const name = path ? `${path}${NESTED_OPTION_SEPARATOR}${option.name}` : option.name;
    const quantity = option.quantity * multiplier;
    const line = dropUndefined({
      id: option.id,
      name,
      externalCode: typeof option.externalCode === "string" ? option.externalCode : undefined,
      unit: "UN",
      quantity,
      unitPrice: option.pricing.unitPrice,
      originalPrice: option.pricing.originalPrice,
      totalPrice: option.pricing.totalPrice,
      optionGroupId: option.optionGroupId,
      optionGroupName: option.optionGroupName,
      defaultQuantity: option.defaultQuantity,
    });
    return [line, ...(option.options ? flattenOptions(option.options, name, quantity) : [])];
  });
}

/** Order-level notes: 2.0's new `observations` and its `extraInfo`, both, one after the other. */
function joinNotes(...notes: (string | undefined)[]): string | undefined {
  const kept = notes.map((note) => note?.trim()).filter((note): note is string => !!note);
  return kept.length > 0 ? [...new Set(kept)].join("\n") : undefined;
}

function formatted(parts: (string | undefined)[]): string | undefined {
  const kept = parts.map((part) => part?.trim()).filter((part): part is string => !!part);
  return kept.length > 0 ? kept.join(", ") : undefined;
}

const stringOr = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

function dropUndefined(record: Json): Json {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
