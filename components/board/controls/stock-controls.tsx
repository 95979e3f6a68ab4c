"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { MerchantAction } from "@/lib/contract/merchant";
import type { MerchantState } from "@/lib/contract/merchant-state";

// "Só restam N" beside the sold-out controls (issue 29): a menu item's count, set or lifted with
// the version the board last read (another tablet's change since is refused, not overwritten),
// and each counted item with what is left — at 0, sold out.

type Act = (action: MerchantAction) => void;

/** The counted items: what is left of each, and a tap to lift the limit. */
export function StockCounts({ state, onAct, pending }: { state: MerchantState; onAct: Act; pending: boolean }) {
  const t = useTranslations("merchant.soldOut");
  const stock = state.stock ?? [];
  if (stock.length === 0) return null;
  return (
    <section aria-label={t("stockTitle")} className="flex flex-col gap-1">
      <h2 className="text-lg font-bold">{t("stockTitle")}</h2>
      <ul className="flex flex-wrap gap-2">
        {stock.map((s) => {
          const words = { name: s.name, left: String(s.left), quantity: String(s.quantity) };
          return (
            <li
              key={s.refId}
              className={`flex items-center gap-2 rounded-md border px-2 ${s.left === 0 ? "border-red-500" : "border-zinc-700"}`}
            >
              <span>{s.left === 0 ? t("stockOut", words) : t("stockLeft", words)}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={pending}
                onClick={() => onAct({ action: "stock", itemId: s.refId, quantity: null, version: s.version })}
              >
                {t("stockLift", { name: s.name })}
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-zinc-400">{t("stockNote")}</p>
    </section>
  );
}

/** "Só restam [N]" for one menu item, sent with the count's version as the board read it. */
export function StockSetter({
  state,
  entry,
  onAct,
  pending,
}: {
  state: MerchantState;
  entry: { refId: number; name: string };
  onAct: Act;
  pending: boolean;
}) {
  const t = useTranslations("merchant.soldOut");
  const [count, setCount] = useState("");
  const version = state.stock?.find((s) => s.refId === entry.refId)?.version ?? 0;
  const quantity = Number(count);
  const valid = count !== "" && Number.isInteger(quantity) && quantity >= 0 && quantity <= 9_999;
  return (
    <span className="inline-flex items-center gap-1">
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={9999}
        aria-label={t("stockInput", { name: entry.name })}
        className="min-h-12 w-20 rounded-md border-2 border-zinc-500 bg-zinc-900 px-2"
        value={count}
        onChange={(event) => setCount(event.target.value)}
      />
      <Button
        variant="secondary"
        size="sm"
        disabled={pending || !valid}
        onClick={() => {
          onAct({ action: "stock", itemId: entry.refId, quantity, version });
          setCount("");
        }}
      >
        {t("stockSet", { name: entry.name })}
      </Button>
    </span>
  );
}
