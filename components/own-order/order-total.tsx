"use client";

import { useTranslations } from "next-intl";
import type { OwnOrderQuote } from "@/lib/contract/own-order-form";
import { formatCents } from "@/lib/own-orders/money";

/** The server's price of the order as typed (POST /api/orders/own/quote): what the operator reads out. */
export function OrderTotal({ quote, pending }: { quote: OwnOrderQuote | undefined; pending: boolean }) {
  const t = useTranslations("ownOrder.form");
  if (!quote) return <p className="text-lg text-zinc-400">{pending ? t("pricing") : ""}</p>;
  return (
    <dl
      aria-busy={pending || undefined}
      className="grid grid-cols-[auto_auto] justify-between gap-x-4 text-lg tabular-nums"
    >
      <dt className="text-zinc-300">{t("itemsTotal")}</dt>
      <dd className="text-right">{formatCents(quote.itemsCents)}</dd>
      {quote.deliveryFeeCents > 0 && (
        <>
          <dt className="text-zinc-300">{t("deliveryFee")}</dt>
          <dd className="text-right">{formatCents(quote.deliveryFeeCents)}</dd>
        </>
      )}
      <dt className="text-2xl font-extrabold">{t("total")}</dt>
      <dd className="text-right text-2xl font-extrabold" data-testid="own-order-total">
        {formatCents(quote.totalCents)}
      </dd>
      {quote.changeCents !== null && (
        <>
          <dt className="text-zinc-300">{t("change")}</dt>
          <dd className="text-right">{formatCents(quote.changeCents)}</dd>
        </>
      )}
    </dl>
  );
}
