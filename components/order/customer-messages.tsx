"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { BoardOrder } from "@/lib/contract/board";
import type { OrderReview } from "@/lib/contract/order-review";
import { apiSend } from "@/lib/contract/client";
import { isOwnChannelId } from "@/lib/own-orders/channel-id";
import {
  customerMessagesFor,
  customerMessageText,
  whatsAppLink,
  type CustomerMessageKind,
} from "@/lib/own-orders/customer-message";
import { useBoardStore } from "@/components/board/stream/use-board-store";
import { linkButtonClass } from "@/components/ui/button";
import { orderDetailsKey } from "./order-details-key";

/** Minutes until a time, or null when it is unknown or past. */
function minutesUntil(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const minutes = Math.round((new Date(iso).getTime() - Date.now()) / 60_000);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : null;
}

/**
 * "Enviar confirmação", "Pedido pronto", "Saiu para entrega" on an own order with a phone (issue
 * 30 point 3): real links to wa.me that open WhatsApp in a new tab with the message written
 * (lib/own-orders/customer-message.ts). Tapping one also records it in the order's audit; the
 * link opens whether or not that record arrives (the customer is waiting), and the record's
 * failure is said next to the buttons.
 */
export function CustomerMessages({ order, review }: { order: BoardOrder; review: OrderReview }) {
  const t = useTranslations("customerMessages");
  const queryClient = useQueryClient();
  const store = useBoardStore(order.storeId);
  const [failed, setFailed] = useState(false);
  if (!isOwnChannelId(order.channelId)) return null;
  const kinds = customerMessagesFor(order);
  if (kinds.length === 0 || whatsAppLink(review.customer.phone, "") === null) return null;

  const estimate = (kind: CustomerMessageKind) =>
    kind === "outForDelivery"
      ? minutesUntil(order.column === "dispatched" ? order.dueAt : null)
      : order.column === "new"
        ? (order.preparationMinutes ?? store?.preparationMinutes ?? null)
        : minutesUntil(order.dueAt);

  function record(kind: CustomerMessageKind, text: string) {
    setFailed(false);
    apiSend(`/api/orders/${encodeURIComponent(order.id)}/customer-messages`, { method: "POST", body: { kind, text } })
      .then(() => queryClient.invalidateQueries({ queryKey: orderDetailsKey(order.id) }))
      .catch(() => setFailed(true));
  }

  return (
    <section aria-label={t("label")} className="mt-6 flex flex-col gap-3 border-t-2 border-zinc-700 pt-4">
      <h3 className="text-xl font-bold">{t("label")}</h3>
      {kinds.map((kind) => {
        const text = customerMessageText(kind, {
          displayId: order.displayId,
          type: order.type,
          review,
          estimatedMinutes: estimate(kind),
        });
        return (
          <a
            key={kind}
            href={whatsAppLink(review.customer.phone, text)!}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => record(kind, text)}
            className={linkButtonClass("secondary", "lg", "w-full")}
          >
            {t(kind)}
          </a>
        );
      })}
      {failed && (
        <p role="alert" className="text-lg text-attention">
          {t("notRecorded")}
        </p>
      )}
    </section>
  );
}
