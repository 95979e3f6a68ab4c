"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { isLineEntry, menuRefsForLines, useMerchantControls } from "@/components/board/controls/use-merchant-controls";
import { SOLD_OUT_DURATIONS, useSoldOutUntilLabel } from "@/components/merchant/sold-out-durations";
import { useErrorText } from "@/components/use-error-text";
import { Button } from "@/components/ui/button";
import type { ReviewItem } from "@/lib/contract/order-review";

const keyOf = (ref: { kind: string; refId: number }) => `${ref.kind}:${ref.refId}`;

/**
 * "Out of stock" from a ticket's item line: the item and its options as they are on the store's
 * imported menu, the item ticked, and one tap on a duration (the sold-out list's four) marks them.
 * Nothing is shown for a line the menu does not know (no menu imported, or another name).
 */
export function ItemSoldOut({ storeId, line }: { storeId: string; line: ReviewItem }) {
  const t = useTranslations("merchant.fromTicket");
  const untilLabel = useSoldOutUntilLabel();
  const describeError = useErrorText();
  const { state, act, pending } = useMerchantControls(storeId);
  const [open, setOpen] = useState(false);
  // Only what the cook changed; the item itself starts ticked, its options not.
  const [ticked, setTicked] = useState<Readonly<Record<string, boolean>>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const panelId = useId();

  const itemRefs = menuRefsForLines(state, [line.name]).filter(isLineEntry);
  const optionRefs = menuRefsForLines(
    state,
    line.options.map((option) => option.name),
  ).filter((ref) => !itemRefs.some((item) => keyOf(item) === keyOf(ref)));
  const refs = [...itemRefs, ...optionRefs];
  if (!state || refs.length === 0) return null;

  const out = new Set(state.soldOut.map(keyOf));
  const isTicked = (ref: (typeof refs)[number]) =>
    !out.has(keyOf(ref)) && (ticked[keyOf(ref)] ?? itemRefs.some((item) => keyOf(item) === keyOf(ref)));
  const chosen = refs.filter(isTicked);

  const mark = (until: (typeof SOLD_OUT_DURATIONS)[number]) => {
    setOutcome(null);
    act({ action: "soldOut", refs: chosen.map(({ kind, refId }) => ({ kind, refId })), until })
      .then(() => {
        setOutcome({ ok: true, text: t("marked", { names: chosen.map((ref) => ref.name).join(", ") }) });
        setTicked({});
        setOpen(false);
      })
      .catch((error: unknown) => setOutcome({ ok: false, text: describeError(error) }));
  };

  return (
    <div className="mt-2 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={t("open", { name: line.name })}
          onClick={() => setOpen(!open)}
        >
          {t("button")}
        </Button>
        {outcome && (
          <p role={outcome.ok ? "status" : "alert"} className={outcome.ok ? "text-go" : "text-overdue"}>
            {outcome.text}
          </p>
        )}
      </div>
      {open && (
        <fieldset id={panelId} className="flex flex-col gap-2 rounded-md border-2 border-zinc-600 p-3 text-lg">
          <legend className="px-1 font-semibold">{t("what")}</legend>
          {refs.map((ref) => (
            <label key={keyOf(ref)} className="flex min-h-12 items-center gap-3">
              <input
                type="checkbox"
                className="size-6"
                disabled={out.has(keyOf(ref))}
                checked={isTicked(ref)}
                onChange={(event) => setTicked({ ...ticked, [keyOf(ref)]: event.target.checked })}
              />
              <span>
                {ref.name}
                {out.has(keyOf(ref)) && <span className="text-zinc-400"> · {t("already")}</span>}
              </span>
            </label>
          ))}
          <p className="font-semibold">{t("until")}</p>
          <div className="flex flex-wrap gap-2">
            {SOLD_OUT_DURATIONS.map((until) => (
              <Button
                key={String(until)}
                variant="danger"
                size="sm"
                disabled={pending || chosen.length === 0}
                onClick={() => mark(until)}
              >
                {untilLabel(until)}
              </Button>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
