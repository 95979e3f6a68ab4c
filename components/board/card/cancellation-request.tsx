import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";
import { CANCELLATION_CODES } from "@/lib/contract/board-values";
import { AlertBanner } from "../alerts/alert-banner";

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
    <AlertBanner kind="cancellationRequests" className="text-xl">
      <p>
        <span aria-hidden="true">✕ </span>
        {t("banner", { orders: orders.map((order) => order.displayId).join(", ") })}
      </p>
    </AlertBanner>
  );
}

/** The standard's cancellation codes the board has words for; any other is "a platform reason". */
const KNOWN_CODES: ReadonlySet<string> = new Set(CANCELLATION_CODES);

/**
 * A cancelled card says who cancelled it and why, in the board's language (issue 27): not
 * confirmed in time, the customer's request, or the standard's code in words; the platform's own
 * sentence and code (often English) stay behind "detalhe técnico".
 */
export function CancelledBecause({ order }: { order: BoardOrder }) {
  const t = useTranslations("cancellationRequest");
  const tCode = useTranslations("orderActions.cancel.code");
  const tKitchen = useTranslations("kitchen.cancelReason");
  const because = order.cancelledBecause;
  if (order.column !== "cancelled" || !because) return null;
  const why = because.unconfirmed
    ? tKitchen("unconfirmed")
    : because.code === "CONSUMER_CANCELLATION_REQUESTED"
      ? tKitchen("customer")
      : because.code && KNOWN_CODES.has(because.code)
        ? tCode(because.code as "SYSTEMIC_ISSUES")
        : because.reason || because.code
          ? tKitchen("other")
          : t("noReason");
  return (
    <div data-testid="cancelled-because" className="text-base font-semibold break-words text-overdue">
      <p>
        {t(`cancelledBy.${because.by}`)}
        {" — "}
        {why}
      </p>
      {(because.reason || because.code) && (
        // Above the card's open layer: the technical detail opens in place.
        <details className="relative text-sm font-normal text-zinc-300">
          <summary className="min-h-8 cursor-pointer">{tKitchen("technical")}</summary>
          {[because.code, because.reason].filter(Boolean).join(": ")}
        </details>
      )}
    </div>
  );
}
