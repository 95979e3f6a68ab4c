"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { apiRequest } from "@/lib/contract/client";
import { ownOrderEditableSchema } from "@/lib/contract/own-order";
import { Dialog } from "@/components/ui/dialog";
import { OwnOrderForm } from "./own-order-form";
import { useOwnOrderError } from "./use-own-order-error";

/**
 * The order form over an own order on the board (issue 30): filled with the order as the server
 * reads it back, saved over it. An order confirmed meanwhile is refused with the server's sentence.
 */
export function EditOrderDialog({
  order,
  onClose,
  onEdited,
}: {
  order: { id: string; storeId: string; displayId: string };
  onClose: () => void;
  onEdited: (displayId: string) => void;
}) {
  const t = useTranslations("ownOrder.form");
  const errorText = useOwnOrderError();
  const editable = useQuery({
    queryKey: ["ownOrderEditable", order.id],
    queryFn: ({ signal }) =>
      apiRequest(ownOrderEditableSchema, `/api/orders/${encodeURIComponent(order.id)}/edit`, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  return (
    <Dialog
      frame="sheet"
      title={t("editTitle", { displayId: order.displayId })}
      closeLabel={t("close")}
      onClose={onClose}
    >
      {editable.isPending ? (
        <p className="p-4 text-xl" role="status">
          {t("loading")}
        </p>
      ) : editable.isError ? (
        <p className="p-4 text-xl" role="alert">
          {errorText(editable.error)}
        </p>
      ) : (
        <OwnOrderForm
          storeId={order.storeId}
          editing={{ orderId: order.id, editable: editable.data }}
          onTaken={onEdited}
        />
      )}
    </Dialog>
  );
}
