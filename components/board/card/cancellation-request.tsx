import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";

/**
 * Who asks to cancel and why, under the card's "Cancellation requested" badge and in the
 * details: a cook answering needs to know whether the customer changed their mind or the
 * platform has a reason (a reason the platform did not give is said, not left blank).
 */
export function CancellationRequestWho({ order }: { order: BoardOrder }) {
  const t = useTranslations("cancellationRequest");
  if (!order.cancellationRequested) return null;
  const request = order.cancellationRequest;
  return (
    <span data-testid="cancellation-request" className="basis-full text-lg font-semibold text-overdue">
      {t(`by.${request?.by ?? "platform"}`)}
      {" — "}
      {request?.reason ? t("because", { reason: request.reason }) : t("noReason")}
    </span>
  );
}

/** Across the board until every request is answered: the alarm's words, with the orders' numbers. */
export function CancellationRequestBanner({ orders }: { orders: readonly BoardOrder[] }) {
  const t = useTranslations("cancellationRequest");
  if (orders.length === 0) return null;
  return (
    <div
      role="alert"
      className="order-last basis-full rounded-lg border-2 border-overdue bg-red-950 px-4 py-2 text-xl font-bold text-red-100"
    >
      <p>
        <span aria-hidden="true">✕ </span>
        {t("banner", { orders: orders.map((order) => order.displayId).join(", ") })}
      </p>
    </div>
  );
}

/** A cancelled card says who cancelled it and why (the platform's own reason, as it gave it). */
export function CancelledBecause({ order }: { order: BoardOrder }) {
  const t = useTranslations("cancellationRequest");
  const because = order.cancelledBecause;
  if (order.column !== "cancelled" || !because) return null;
  return (
    <p data-testid="cancelled-because" className="text-base font-semibold break-words text-overdue">
      {t(`cancelledBy.${because.by}`)}
      {" — "}
      {because.reason ? t("because", { reason: because.reason }) : t("noReason")}
    </p>
  );
}
