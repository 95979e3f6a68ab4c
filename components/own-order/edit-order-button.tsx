"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { BoardOrder } from "@/lib/contract/board";
import { isOwnChannelId } from "@/lib/own-orders/channel-id";
import { loadOnRender } from "@/components/load-on-render";
import { orderDetailsKey } from "@/components/order/order-details-key";
import { Button } from "@/components/ui/button";

// The form's code loads with its first opening, as "Novo pedido"'s does.
const EditOrderDialog = loadOnRender(() => import("./edit-order-dialog").then((module) => module.EditOrderDialog));

/**
 * "Editar pedido" on an own order that is still New (issue 30 point 2), in its details on the
 * board and in the back office: the order form filled with it. After a save the board's card
 * follows the stream; the details (and, with `refresh`, the server-rendered page) are read again.
 */
export function EditOrderButton({
  order,
  refresh = false,
  className,
}: {
  order: Pick<BoardOrder, "id" | "storeId" | "displayId" | "channelId" | "column">;
  /** The back office's page is rendered on the server: read it again after a save. */
  refresh?: boolean;
  className?: string;
}) {
  const t = useTranslations("ownOrder.form");
  const queryClient = useQueryClient();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [edited, setEdited] = useState<string | null>(null);
  if (!isOwnChannelId(order.channelId) || order.column !== "new") return null;
  return (
    <div className={`flex flex-col gap-2 ${className ?? ""}`}>
      <Button variant="secondary" size="lg" className="w-full" onClick={() => setOpen(true)}>
        {t("edit")}
      </Button>
      {edited && (
        <p role="status" className="text-lg text-emerald-300">
          {t("edited", { displayId: edited })}
        </p>
      )}
      {open && (
        <EditOrderDialog
          order={order}
          onClose={() => setOpen(false)}
          onEdited={(displayId) => {
            setOpen(false);
            setEdited(displayId);
            void queryClient.invalidateQueries({ queryKey: orderDetailsKey(order.id) });
            if (refresh) router.refresh();
          }}
        />
      )}
    </div>
  );
}
