"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { orderChangeMessageSchema, parseStreamMessage } from "@/lib/contract/stream";

/**
 * Keeps an open order page current: listens to the board's stream from the card's sequence
 * number and, when this order changes (a cancellation from the platform, an action from a
 * tablet), re-renders the page on the server (its audit is read there) and says so.
 */
export function LiveOrderWatch({ orderId, seq }: { orderId: string; seq: number }) {
  const t = useTranslations("liveOrder");
  const router = useRouter();
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);

  useEffect(() => {
    // EventSource reconnects by itself and resends Last-Event-ID, so nothing is missed.
    const source = new EventSource(`/api/board/stream?after=${seq}`);
    const onOrder = (event: MessageEvent<string>) => {
      const order = parseStreamMessage(orderChangeMessageSchema, event.data);
      if (!order || order.id !== orderId) return;
      setUpdatedAt(Date.now());
      router.refresh();
    };
    source.addEventListener("order", onOrder);
    return () => source.close();
  }, [orderId, seq, router]);

  return (
    <p role="status" className="text-base text-zinc-400">
      {updatedAt === null ? t("watching") : t("updated")}
    </p>
  );
}
