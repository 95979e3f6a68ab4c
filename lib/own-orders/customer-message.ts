import type { OrderReview } from "@/lib/contract/order-review";
import type { BoardColumn } from "@/lib/contract/board-values";
import { CUSTOMER_MESSAGES, type CustomerMessageKind } from "@/lib/contract/customer-message";
import { formatCents } from "./money";
import { phoneKeyOrNull } from "./phone-key";

// Talking back to the customer of an own order (issue 30 point 3) without any WhatsApp account:
// a https://wa.me/<number>?text=<message> link opens WhatsApp (app or web) on the kitchen's
// device with the message already written; a person taps Send. One home for the three messages,
// pure (the order dialog builds the link, the route checks the kind), so the tests pin them.
//
// The messages are in pt-BR whatever language the kitchen's screen is in: they go to the
// customer, a Brazilian restaurant's customer, not to the staff member tapping the button.

export { CUSTOMER_MESSAGES, type CustomerMessageKind } from "@/lib/contract/customer-message";

/** The timeline's action name for a message sent (order_actions.action). */
export const customerMessageAction = (kind: CustomerMessageKind) => `customerMessage:${kind}`;

export function customerMessageOfAction(action: string): CustomerMessageKind | undefined {
  const kind = action.startsWith("customerMessage:") ? action.slice("customerMessage:".length) : "";
  return (CUSTOMER_MESSAGES as readonly string[]).includes(kind) ? (kind as CustomerMessageKind) : undefined;
}

/**
 * Which messages make sense now: the confirmation while the order is new or cooking, "pronto" once
 * it is ready, "saiu para entrega" for a delivery once ready or on its way. None when cancelled or
 * done (nothing left to tell), none for a takeout's "saiu".
 */
export function customerMessagesFor(order: { column: BoardColumn; type: string }): CustomerMessageKind[] {
  const delivery = order.type.toUpperCase() === "DELIVERY";
  switch (order.column) {
    case "new":
    case "preparing":
      return ["confirmation"];
    case "ready":
      return delivery ? ["ready", "outForDelivery"] : ["ready"];
    case "dispatched":
      return delivery ? ["outForDelivery"] : [];
    case "done":
    case "cancelled":
      return [];
  }
}

/** The wa.me number of a Brazilian phone in any form (55 + DDD + number), or null when it is not one. */
export function whatsAppNumber(phone: string | null | undefined, defaultDdd?: string): string | null {
  return phone ? phoneKeyOrNull(phone, { defaultDdd }) : null;
}

export interface MessageOrder {
  displayId: string;
  type: string;
  review: Pick<OrderReview, "items" | "payments" | "total" | "customer">;
  /** Minutes until the order is expected ready (confirmation) or at the door (delivery); null when unknown. */
  estimatedMinutes: number | null;
}

const PAYMENT_WORDS: Readonly<Record<string, string>> = {
  CASH: "dinheiro",
  PIX: "PIX",
  CREDIT: "cartão de crédito",
  DEBIT: "cartão de débito",
};

const money = (value: number) => formatCents(Math.round(value * 100));

/** When a payment still due is paid: at the door, at the pickup, or (a counter's, a table's) just due. */
const PAID_AT: Readonly<Record<string, string>> = { DELIVERY: " na entrega", TAKEOUT: " na retirada" };

function paymentLine(review: MessageOrder["review"], type: string): string | null {
  const payment = review.payments[0];
  if (!payment) return null;
  const method = payment.method ? (PAYMENT_WORDS[payment.method] ?? payment.method) : null;
  if (!method) return null;
  const when = payment.pending ? (payment.method === "PIX" ? "" : (PAID_AT[type.toUpperCase()] ?? "")) : " (já pago)";
  const change = payment.changeFor ? ` — troco para ${money(payment.changeFor.value)}` : "";
  return `Pagamento: ${method}${when}${change}`;
}

/** The message, pt-BR (the customer's language), plain text with WhatsApp's *bold*. */
export function customerMessageText(kind: CustomerMessageKind, order: MessageOrder): string {
  const { review } = order;
  const firstName = review.customer.name?.trim().split(/\s+/)[0];
  const hello = firstName ? `Olá, ${firstName}!` : "Olá!";
  const number = `*pedido nº ${order.displayId}*`;
  const total = `Total: *${review.total ? money(review.total.value) : "R$ 0,00"}*`;
  const delivery = order.type.toUpperCase() === "DELIVERY";
  const minutes = order.estimatedMinutes !== null && order.estimatedMinutes > 0 ? order.estimatedMinutes : null;
  const lines: string[] = [];
  if (kind === "confirmation") {
    lines.push(`${hello} Recebemos o seu ${number} e já estamos preparando.`, "");
    for (const item of review.items) {
      const options = item.options.map((option) => option.name).join(", ");
      lines.push(`• ${item.quantity}x ${item.name}${options ? ` (${options})` : ""}`);
    }
    lines.push("", total);
    const payment = paymentLine(review, order.type);
    if (payment) lines.push(payment);
    if (minutes !== null) {
      lines.push(`${delivery ? "Previsão de entrega" : "Previsão para ficar pronto"}: cerca de ${minutes} min`);
    }
  } else if (kind === "ready") {
    lines.push(
      delivery
        ? `${hello} O seu ${number} está pronto e sai em instantes para entrega.`
        : `${hello} O seu ${number} está pronto, pode vir buscar.`,
      total,
    );
  } else {
    lines.push(`${hello} O seu ${number} saiu para entrega.`);
    if (minutes !== null) lines.push(`Chega em cerca de ${minutes} min.`);
    lines.push(total);
    const payment = paymentLine(review, order.type);
    if (payment) lines.push(payment);
  }
  lines.push("", "Obrigado pela preferência!");
  return lines.join("\n");
}

/** The link that opens WhatsApp with the message written; null when the order has no Brazilian phone. */
export function whatsAppLink(phone: string | null | undefined, text: string, defaultDdd?: string): string | null {
  const number = whatsAppNumber(phone, defaultDdd);
  return number === null ? null : `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
