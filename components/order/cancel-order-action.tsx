"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { isLineEntry, menuRefsForLines, useMerchantControls } from "@/components/board/controls/use-merchant-controls";
import {
  parseSoldOutUntil,
  SOLD_OUT_DURATIONS,
  useSoldOutUntilLabel,
  type SoldOutUntil,
} from "@/components/merchant/sold-out-durations";
import { useErrorText } from "@/components/use-error-text";
import type { BoardOrder } from "@/lib/contract/board";
import { CANCELLATION_CODES } from "@/lib/contract/board-values";
import { FIELD } from "./action-styles";
import { orderDetailsKey } from "./order-details-key";
import { fetchOrderReview } from "./order-details-query";
import { ReasonAction } from "./reason-action";

/** The standard's cancellation code for "an item is out of stock" (its body's outOfStockItems). */
export const OUT_OF_STOCK_CODE = "UNAVAILABLE_ITEM";

const keyOf = (ref: { kind: string; refId: number }) => `${ref.kind}:${ref.refId}`;

/**
 * Cancelling an order. Choosing "item unavailable" offers to mark the order's items sold out too
 * (ticked by default; its options listed unticked), with the sold-out list's durations: the cook
 * who cancels because something ran out should not have to say it twice.
 */
export function CancelOrderAction({
  order,
  pending,
  onRun,
}: {
  order: BoardOrder;
  pending: boolean;
  onRun: (body: Record<string, unknown>) => void;
}) {
  const t = useTranslations("merchant.fromCancel");
  const untilLabel = useSoldOutUntilLabel();
  const describeError = useErrorText();
  const { state, act } = useMerchantControls(order.storeId);
  const [ticked, setTicked] = useState<Readonly<Record<string, boolean>>>({});
  const [until, setUntil] = useState<SoldOutUntil>("endOfDay");
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  // The order's details (already read by the dialog): the platform's ids of its items.
  const review = useQuery({
    queryKey: orderDetailsKey(order.id),
    queryFn: ({ signal }) => fetchOrderReview(order.id, signal),
    staleTime: 60_000,
  });
  const lines = order.lines ?? [];
  const out = new Set(state?.soldOut.map(keyOf) ?? []);
  const items = menuRefsForLines(
    state,
    lines.map((line) => line.name),
  ).filter((ref) => isLineEntry(ref) && !out.has(keyOf(ref)));
  const options = menuRefsForLines(
    state,
    lines.flatMap((line) => line.options.map((option) => option.name)),
  ).filter((ref) => !out.has(keyOf(ref)) && !items.some((item) => keyOf(item) === keyOf(ref)));
  const refs = [...items, ...options];
  const isTicked = (ref: (typeof refs)[number]) => ticked[keyOf(ref)] ?? isLineEntry(ref);
  const chosen = refs.filter(isTicked);

  const extra = (code: string, step: "form" | "sure") => {
    if (code !== OUT_OF_STOCK_CODE || refs.length === 0) return null;
    if (step === "sure") {
      return chosen.length > 0 ? (
        <p className="text-lg">
          {t("willMark", { names: chosen.map((ref) => ref.name).join(", "), until: untilLabel(until) })}
        </p>
      ) : null;
    }
    return (
      <fieldset className="flex flex-col gap-1 rounded-md border-2 border-zinc-600 p-3">
        <legend className="px-1 font-semibold">{t("offer")}</legend>
        {refs.map((ref) => (
          <label key={keyOf(ref)} className="flex min-h-12 items-center gap-3">
            <input
              type="checkbox"
              className="size-6"
              checked={isTicked(ref)}
              onChange={(event) => setTicked({ ...ticked, [keyOf(ref)]: event.target.checked })}
            />
            <span>{ref.name}</span>
          </label>
        ))}
        <label className="flex flex-wrap items-center gap-2">
          <span>{t("until")}</span>
          <select className={FIELD} value={String(until)} onChange={(e) => setUntil(parseSoldOutUntil(e.target.value))}>
            {SOLD_OUT_DURATIONS.map((choice) => (
              <option key={String(choice)} value={String(choice)}>
                {untilLabel(choice)}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
    );
  };

  const run = (body: Record<string, unknown>) => {
    if (body.code !== OUT_OF_STOCK_CODE || chosen.length === 0) {
      onRun(body);
      return;
    }
    // The standard's outOfStockItems: the platform's ids of the order's items ticked here.
    const ticked = chosen.filter(isLineEntry);
    const ids = (review.data?.review?.items ?? [])
      .filter(
        (item) =>
          item.id &&
          menuRefsForLines(state, [item.name]).some((ref) => ticked.some((mine) => keyOf(mine) === keyOf(ref))),
      )
      .map((item) => item.id!);
    onRun(ids.length > 0 ? { ...body, outOfStockItems: [...new Set(ids)].slice(0, 100) } : body);
    // Sold out whatever the platform answers about the cancel: the item ran out either way.
    const names = chosen.map((ref) => ref.name).join(", ");
    act({ action: "soldOut", refs: chosen.map(({ kind, refId }) => ({ kind, refId })), until })
      .then(() => setOutcome({ ok: true, text: t("marked", { names }) }))
      .catch((error: unknown) => setOutcome({ ok: false, text: describeError(error) }));
  };

  return (
    <>
      <ReasonAction kind="cancel" codes={CANCELLATION_CODES} pending={pending} onRun={run} extra={extra} />
      {outcome && (
        <p role={outcome.ok ? "status" : "alert"} className={`text-lg ${outcome.ok ? "text-go" : "text-overdue"}`}>
          {outcome.text}
        </p>
      )}
    </>
  );
}
