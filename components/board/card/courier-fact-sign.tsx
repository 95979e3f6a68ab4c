import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";

/**
 * Open Delivery 2.0: where the platform's courier is (assigned, at the store, on the way, at the
 * customer), from its logistics events — the latest one, with the courier's name when the
 * platform gives it. Information for the pass: it never moves the card (lib/orders/courier-fact.ts).
 */
export function CourierFactSign({ order }: { order: BoardOrder }) {
  const t = useTranslations("kitchen.courier");
  if (!order.courier) return null;
  const { fact, name } = order.courier;
  const said = t(`fact.${fact}`);
  return (
    <p className="text-sm leading-5 font-semibold text-sky-300" data-courier-fact={fact}>
      <span aria-hidden="true">🛵 </span>
      {name ? t("named", { fact: said, name }) : said}
    </p>
  );
}
