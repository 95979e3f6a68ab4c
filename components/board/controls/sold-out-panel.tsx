"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  parseSoldOutUntil,
  SOLD_OUT_DURATIONS,
  useSoldOutUntilLabel,
  type SoldOutUntil,
} from "@/components/merchant/sold-out-durations";
import type { MerchantAction } from "@/lib/contract/merchant";
import type { SoldOutKind } from "@/lib/contract/board-values";
import type { MerchantState } from "@/lib/contract/merchant-state";
import { menuName } from "./use-merchant-controls";
import { StockCounts, StockSetter } from "./stock-controls";

/** Matches shown at once: "pizza" lists every size and flavour of a pizzeria (4 + 13) with room to spare. */
const MAX_SHOWN = 40;

/** The store's menu, searchable, with one tap to sell out; and what is out, with one tap to restock. */
export function SoldOutPanel({
  state,
  onAct,
  pending,
}: {
  state: MerchantState;
  onAct: (action: MerchantAction) => void;
  pending: boolean;
}) {
  const t = useTranslations("merchant.soldOut");
  const [search, setSearch] = useState("");
  const untilLabel = useSoldOutUntilLabel();
  const [until, setUntil] = useState<SoldOutUntil>("endOfDay");
  const out = new Set(state.soldOut.map((s) => `${s.kind}:${s.refId}`));
  // A size or flavour says what it is ("Sabor Calabresa"): a flavour and an option may share a name.
  const label = (entry: { kind: SoldOutKind; name: string }) => t(`entry.${entry.kind}`, { name: entry.name });
  const words = menuName(search);
  const matches = words
    ? state.menu.filter((m) => menuName(`${label(m)} ${m.group}`).includes(words) && !out.has(`${m.kind}:${m.refId}`))
    : [];

  return (
    <div className="flex flex-col gap-2 py-2" data-testid="sold-out-panel">
      <h2 className="text-lg font-bold">{t("outNow")}</h2>
      {state.soldOut.length === 0 ? (
        <p className="text-zinc-400">{t("none")}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {state.soldOut.map((s) => (
            <li key={`${s.kind}:${s.refId}`} className="flex items-center gap-2 rounded-md border border-zinc-700 px-2">
              <span>{label(s)}</span>
              <Button
                variant="primary"
                size="sm"
                disabled={pending}
                onClick={() => onAct({ action: "restock", refs: [{ kind: s.kind, refId: s.refId }] })}
              >
                {t("restock")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <StockCounts state={state} onAct={onAct} pending={pending} />
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          <span>{t("search")}</span>
          <input
            type="search"
            className="min-h-12 rounded-md border-2 border-zinc-500 bg-zinc-900 px-2"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <label className="flex items-center gap-2">
          <span>{t("until")}</span>
          <select
            className="min-h-12 rounded-md border-2 border-zinc-500 bg-zinc-900 px-2"
            value={String(until)}
            onChange={(event) => setUntil(parseSoldOutUntil(event.target.value))}
          >
            {SOLD_OUT_DURATIONS.map((choice) => (
              <option key={String(choice)} value={String(choice)}>
                {untilLabel(choice)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {state.menu.length === 0 && <p className="text-zinc-400">{t("noMenu")}</p>}
      <ul className="flex flex-wrap gap-2">
        {matches.slice(0, MAX_SHOWN).map((m) => (
          <li key={`${m.kind}:${m.refId}`}>
            {m.unavailable ? (
              // Already off the platform's menu: said, not offered as sellable (issue 27).
              <span className="inline-flex min-h-12 items-center rounded-md border border-zinc-700 px-3 text-zinc-400">
                {t("platformUnavailable", { name: label(m) })}
              </span>
            ) : (
              <span className="inline-flex flex-wrap items-center gap-2">
                <Button
                  variant="danger"
                  size="sm"
                  disabled={pending}
                  onClick={() => onAct({ action: "soldOut", refs: [{ kind: m.kind, refId: m.refId }], until })}
                >
                  {t("markOut", { name: label(m) })}
                </Button>
                {m.kind === "item" && <StockSetter state={state} entry={m} onAct={onAct} pending={pending} />}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
