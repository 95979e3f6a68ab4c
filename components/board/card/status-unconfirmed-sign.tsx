import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";

/**
 * Open Delivery 2.0: the platform's status (the source of truth) has not confirmed where this card
 * is — it did not answer, or has not applied the step yet. The card stays; the cook is told.
 */
export function StatusUnconfirmedSign({ order }: { order: BoardOrder }) {
  const t = useTranslations();
  if (!order.statusUnconfirmed) return null;
  return (
    <p
      className="text-sm font-semibold text-amber-300"
      data-status-unconfirmed
      title={t("kitchen.statusUnconfirmedTitle")}
    >
      <span aria-hidden="true">? </span>
      {t("kitchen.statusUnconfirmed")}
    </p>
  );
}
