import type { StoreDomain } from "./domain";

// Customer notifications, derived from the events of the customer's orders (the interchange
// side is the truth of what happened to an order).

const texts: Record<string, [string, string]> = {
  CREATED: ["Pedido recebido", "Recebemos o seu pedido #{id} e já avisamos a loja."],
  CONFIRMED: ["Pedido aceito", "A loja aceitou o seu pedido #{id}."],
  PREPARING: ["Em preparo", "O seu pedido #{id} está sendo preparado."],
  READY_FOR_PICKUP: ["Pedido pronto", "O seu pedido #{id} está pronto."],
  DISPATCHED: ["Saiu para entrega", "O seu pedido #{id} saiu para entrega."],
  DELIVERED: ["Pedido entregue", "O seu pedido #{id} foi entregue. Bom apetite!"],
  PICKED_UP: ["Pedido retirado", "O seu pedido #{id} foi retirado."],
  CONCLUDED: ["Pedido concluído", "O seu pedido #{id} foi concluído."],
  CANCELLED: ["Pedido cancelado", "O seu pedido #{id} foi cancelado."],
  ORDER_CANCELLATION_REQUEST: ["Cancelamento solicitado", "Pedimos à loja que cancele o pedido #{id}."],
  CANCELLED_DENIED: [
    "Cancelamento recusado",
    "A loja não pôde cancelar o pedido #{id}: ele já está a caminho ou pronto.",
  ],
};

/** Newest first: the platform's event list is in the order things happened (ties in time included). */
export function notificationsOf(
  domain: StoreDomain,
  merchantId: string,
  customerId: number,
  before: number,
  limit: number,
) {
  const orders = new Map(domain.ordersOf(merchantId, { customerId }).map((o) => [o.interchangeId, o]));
  const all = domain.platform.state.events.flatMap((event) => {
    const order = orders.get(event.orderId);
    const text = texts[event.eventType];
    if (!order || !text || Date.parse(event.createdAt) >= before) return [];
    return [
      {
        created: event.createdAt,
        customData: { type: "order_changed", order_id: order.id, eventType: event.eventType },
        id: event.eventId,
        title: text[0],
        body: text[1].replace("{id}", String(order.id)),
        isRead: false,
      },
    ];
  });
  return all.reverse().slice(0, limit);
}
