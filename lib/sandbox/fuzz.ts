import { z } from "zod";
import { createRng, type Rng } from "./random";

// The fuzz platform: a hostile but standard-abiding platform. While it is on (PUT /control/fuzz),
// every interchange call is answered with random data that follows the Open Delivery 1.3 schemas
// (required fields present, types and formats right, currencies matching ^[A-Z]{3}$) but not
// common sense: negative totals, currency "HMO", 97 million burgers, orders from 1890 or 2200,
// 50,000-character names, control characters, missing optional fields, events for orders it
// never created. It answers from a seed, not from state: the same seed and the same sequence of
// calls give the same answers, and the platform keeps nothing per order, so it runs for ever in
// bounded memory. The real sandbox's orders and events are left alone while it is on.

export const fuzzSettingsSchema = z.strictObject({
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1),
  /** Events per poll at most (a poll returns 0 to this many). */
  maxEventsPerPoll: z.number().int().min(1).max(1000).default(20),
  /** Longest text it sends (the occasional huge name or note). */
  maxTextLength: z.number().int().min(1).max(1_000_000).default(50_000),
  /** Share of orders and events that are hostile (the rest look like real ones). */
  hostileRate: z.number().min(0).max(1).default(0.3),
});
export type FuzzSettings = z.infer<typeof fuzzSettingsSchema>;

/** The standard's event types (1.3, and 1.5's PREPARING, PICKED_UP, PREPARATION_REQUESTED). */
const EVENT_TYPES = [
  "CREATED",
  "CONFIRMED",
  "DISPATCHED",
  "READY_FOR_PICKUP",
  "PICKUP_AREA_ASSIGNED",
  "DELIVERED",
  "CONCLUDED",
  "CANCELLATION_REQUESTED",
  "CANCELLATION_REQUEST_DENIED",
  "CANCELLED",
  "ORDER_CANCELLATION_REQUEST",
  "CANCELLED_DENIED",
  "PREPARING",
  "PICKED_UP",
  "PREPARATION_REQUESTED",
] as const;
const ORDER_TYPES = ["DELIVERY", "TAKEOUT", "INDOOR"] as const;
const UNITS = ["UN", "KG", "L", "OZ", "LB", "GAL"] as const;
const CURRENCIES = ["HMO", "USD", "XXX", "EUR", "ZZZ"] as const;
const WORDS = ["Pizza", "Burger", "Açaí", "Guaraná", "Coxinha", "Pastel", "Suco", "Batata", "Ana", "José", "Maria"];
/** Text a careless platform lets through: NUL and other controls, lone surrogates, bidi, emoji. */
const NASTY = ["\u0000", "\u0007", "\u001b[31m", "\ud800", "\udfff", "\u202e", "😀", "\r\n", "<script>", "'; --"];
/** Recent order ids a merchant's later events may name again (a ring: memory stays bounded). */
const RECENT_ORDERS = 50;

/** FNV-1a: a seed per (settings seed, subject), so each answer depends only on what it is about. */
function seedOf(seed: number, subject: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < subject.length; i += 1) hash = Math.imul(hash ^ subject.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function uuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16));
  hex[12] = "4";
  hex[16] = ((rng.int(0, 15) & 0x3) | 0x8).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export class FuzzPlatform {
  private readonly polls = new Map<string, number>();
  private readonly recent = new Map<string, string[]>();
  private actions = 0;

  constructor(
    readonly settings: FuzzSettings,
    private readonly now: () => Date,
  ) {}

  /** The next poll's events for a merchant (possibly none); orderURL built with `orderUrl`. */
  poll(merchantId: string, orderUrl: (orderId: string) => string) {
    const index = (this.polls.get(merchantId) ?? 0) + 1;
    this.polls.set(merchantId, index);
    const rng = createRng(seedOf(this.settings.seed, `poll:${merchantId}:${index}`));
    const count = rng.int(0, this.settings.maxEventsPerPoll);
    const recent = this.recent.get(merchantId) ?? [];
    this.recent.set(merchantId, recent);
    return Array.from({ length: count }, () => {
      const known = recent.length > 0 && rng.chance(0.4);
      const orderId = known ? rng.pick(recent) : uuid(rng);
      if (!known) {
        recent.push(orderId);
        if (recent.length > RECENT_ORDERS) recent.shift();
      }
      const eventType = !known && rng.chance(0.8) ? "CREATED" : rng.pick(EVENT_TYPES);
      return {
        eventId: uuid(rng),
        eventType,
        orderId,
        orderURL: orderUrl(orderId),
        createdAt: this.date(rng, 5 * 60_000),
        sourceAppId: uuid(rng),
        ...(rng.chance(0.5) && { metadata: this.metadata(rng) }),
      };
    });
  }

  /** An order's details: the same for the same order id and seed, whoever asks and when. */
  order(orderId: string, merchantId: string) {
    const rng = createRng(seedOf(this.settings.seed, `order:${orderId}`));
    const hostile = rng.chance(this.settings.hostileRate);
    const currency = hostile && rng.chance(0.3) ? rng.pick(CURRENCIES) : "BRL";
    const money = (value: number) => ({ value, currency });
    const items = Array.from({ length: hostile && rng.chance(0.1) ? rng.int(50, 300) : rng.int(1, 5) }, () =>
      this.item(rng, hostile, money),
    );
    const itemsPrice = this.amount(
      rng,
      hostile,
      items.reduce((sum, item) => sum + item.totalPrice.value, 0),
    );
    const otherFees = this.amount(rng, hostile, rng.int(0, 1500) / 100);
    const discount = this.amount(rng, hostile, rng.chance(0.2) ? rng.int(0, 1000) / 100 : 0);
    const adds = !hostile || rng.chance(0.5);
    const orderAmount = adds
      ? Math.round((itemsPrice + otherFees - discount) * 100) / 100
      : this.amount(rng, true, itemsPrice);
    const type = rng.pick(ORDER_TYPES);
    const createdAt = hostile ? this.date(rng, 10 * 60_000) : this.date(rng, 60_000, false);
    const scheduled = rng.chance(0.15);
    const optional = (probability: number) => !(hostile && rng.chance(0.5)) && rng.chance(probability);
    return {
      id: orderId,
      type,
      displayId: this.text(rng, hostile, String(rng.int(1, 9999))),
      createdAt,
      orderTiming: scheduled ? "SCHEDULED" : "INSTANT",
      preparationStartDateTime: scheduled && hostile ? this.date(rng, 0) : createdAt,
      merchant: { id: merchantId, name: this.text(rng, hostile, "Loja Fuzz", 500) },
      items,
      total: {
        itemsPrice: money(itemsPrice),
        otherFees: money(otherFees),
        discount: money(discount),
        orderAmount: money(orderAmount),
      },
      payments: {
        prepaid: orderAmount,
        pending: 0,
        methods: [{ value: orderAmount, currency, type: "PREPAID", method: "PIX" }],
      },
      ...(optional(0.9) && {
        customer: {
          id: uuid(rng),
          name: this.text(rng, hostile, `${rng.pick(WORDS)} ${rng.pick(WORDS)}`),
          phone: { number: optional(0.7) ? String(rng.int(10_000_000, 99_999_999)) : "" },
          ordersCountOnMerchant: hostile ? rng.pick([-1, 0, 1e9]) : rng.int(0, 30),
        },
      }),
      ...(scheduled && {
        schedule: {
          scheduledDateTimeStart: hostile ? this.date(rng, 0) : this.date(rng, 3 * 3_600_000, false),
          scheduledDateTimeEnd: this.date(rng, 4 * 3_600_000, false),
        },
      }),
      ...(type === "INDOOR" &&
        optional(0.8) && {
          indoor: { mode: "PLACE", indoorDateTime: createdAt, place: this.text(rng, hostile, "Mesa 4") },
        }),
      ...(type === "TAKEOUT" && { takeout: { mode: "DEFAULT", takeoutDateTime: this.date(rng, 3_600_000, false) } }),
      ...(type === "DELIVERY" &&
        optional(0.8) && {
          delivery: {
            deliveredBy: "MERCHANT",
            deliveryAddress: {
              country: "BR",
              state: "SP",
              city: this.text(rng, hostile, "São Paulo"),
              district: "Centro",
              street: this.text(rng, hostile, "Rua Fuzz"),
              number: String(rng.int(1, 9999)),
              postalCode: "01000000",
              formattedAddress: this.text(rng, hostile, "Rua Fuzz, 1"),
              coordinates: { latitude: -23.5, longitude: -46.6 },
            },
            estimatedDeliveryDateTime: this.date(rng, 3_600_000, false),
          },
        }),
    };
  }

  /** An order action's answer: usually accepted, sometimes refused the standard's way. */
  action(orderId: string, action: string): { status: 202 | 204 | 404 | 422; title?: string } {
    this.actions += 1;
    const rng = createRng(seedOf(this.settings.seed, `action:${orderId}:${action}:${this.actions}`));
    const roll = rng.next();
    if (roll < 0.1) return { status: 422, title: this.text(rng, true, "Not allowed now") };
    if (roll < 0.15) return { status: 404, title: "Order not found" };
    return { status: action === "acceptCancellation" || action === "denyCancellation" ? 204 : 202 };
  }

  private item(rng: Rng, hostile: boolean, money: (value: number) => { value: number; currency: string }) {
    const quantity = hostile && rng.chance(0.3) ? rng.pick([97_000_000, 1e9, 0.0001, 123_456.789]) : rng.int(1, 4);
    const unitPrice = this.amount(rng, hostile, rng.int(300, 9000) / 100);
    const options = rng.chance(0.4)
      ? Array.from({ length: hostile && rng.chance(0.1) ? rng.int(20, 80) : rng.int(1, 3) }, () => ({
          id: uuid(rng),
          name: this.text(rng, hostile, rng.pick(WORDS)),
          externalCode: `OPT-${rng.int(1, 99)}`,
          unit: "UN",
          quantity: hostile && rng.chance(0.2) ? 5_000_000 : rng.int(1, 2),
          unitPrice: money(rng.int(0, 500) / 100),
          totalPrice: money(rng.int(0, 500) / 100),
        }))
      : undefined;
    return {
      id: uuid(rng),
      name: this.text(rng, hostile, `${rng.pick(WORDS)} ${rng.int(1, 99)}`),
      externalCode: `SKU-${rng.int(1, 999)}`,
      unit: rng.chance(0.9) ? "UN" : rng.pick(UNITS),
      quantity,
      unitPrice: money(unitPrice),
      totalPrice: money(Math.round(unitPrice * quantity * 100) / 100),
      ...(options && { options }),
      ...(rng.chance(0.2) && { specialInstructions: this.text(rng, hostile, "Sem cebola") }),
    };
  }

  /** A realistic amount, or (hostile) a negative, zero or astronomical one. */
  private amount(rng: Rng, hostile: boolean, realistic: number): number {
    if (!hostile || rng.chance(0.6)) return Math.round(realistic * 100) / 100;
    return rng.pick([-realistic - 1, -0.01, 0, 1e12, 97_000_000.5, Number.MAX_SAFE_INTEGER]);
  }

  /** `plain`, or (hostile) text with control characters, lone surrogates, or a huge run. */
  private text(rng: Rng, hostile: boolean, plain: string, max = this.settings.maxTextLength): string {
    if (!hostile || rng.chance(0.5)) return plain;
    if (rng.chance(0.1)) return "";
    if (rng.chance(0.15)) return plain.repeat(Math.ceil(max / plain.length || 1)).slice(0, max);
    return Array.from({ length: rng.int(1, 4) }, () => rng.pick(NASTY)).join(plain);
  }

  /** An ISO date near now (within `spreadMs`), or (hostile) one in 1890, 2200 or anywhere between. */
  private date(rng: Rng, spreadMs: number, hostile = rng.chance(0.15)): string {
    if (hostile) {
      const year = rng.pick([1890, 2200, rng.int(1900, 2199)]);
      return new Date(Date.UTC(year, rng.int(0, 11), rng.int(1, 28), rng.int(0, 23), rng.int(0, 59))).toISOString();
    }
    return new Date(this.now().getTime() + rng.int(-spreadMs, spreadMs)).toISOString();
  }

  private metadata(rng: Rng): Record<string, unknown> {
    return {
      reason: this.text(rng, true, "fuzz"),
      code: rng.pick(["SYSTEMIC_ISSUES", "X", ""]),
      n: rng.int(-1e9, 1e9),
    };
  }
}
