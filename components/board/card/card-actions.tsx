import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { AllergySign, OrderNotes } from "./card-notes";
import type { BoardOrder, BoardSnapshot } from "@/lib/contract/board";
import { printIfAutoPrint } from "@/components/print/print-request";
import { postOrderAction } from "@/components/order/use-order-action";
import { useWithPin } from "@/components/auth/pin-gate";
import { useErrorText } from "@/components/use-error-text";
import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { applyOrderChange, BOARD_QUERY_KEY } from "../stream/board-cache";
import { rememberConfirmedBy } from "./confirmed-by";
import { NotOfferedButton, useNotOfferedOn } from "../channels/not-offered";

/** Smaller than the details' kitchen-size primary: it sits inside a card, beside others. */
const CONFIRM_BUTTON = buttonClass("primary", "custom", "min-h-12 w-full rounded-lg px-3 text-lg transition-colors");

/** A rush row's: as tall as a thumb needs, narrow enough for one line of New orders. */
const COMPACT_BUTTON = buttonClass(
  "primary",
  "custom",
  "min-h-12 w-full rounded-md px-0.5 text-sm leading-tight font-bold transition-colors",
);

/** Used when the board does not know the order's store (an answer without its stores). */
const FALLBACK_PREPARATION_MINUTES = 20;

/**
 * The card's one primary action: confirm, promising the store's usual preparation time (the
 * button says it: "Confirm · 20 min"); another time is chosen in the details. Later actions get
 * their own controls in the details, destructive ones a separate, two-step control.
 */
export function OrderActions({
  order,
  preparationMinutes,
  busyMinutes = 0,
  compact = false,
}: {
  order: BoardOrder;
  preparationMinutes?: number;
  /** Busy mode's extra minutes for the order's store (board-lanes.tsx reads them once per store). */
  busyMinutes?: number;
  /** A rush row's narrow button: the same words on two short lines, the error as the button's own text. */
  compact?: boolean;
}) {
  const t = useTranslations("actions");
  const tTicket = useTranslations("ticket");
  // Busy mode adds its minutes to the usual time (capped where the contract caps a confirm).
  const minutes = Math.min(240, (preparationMinutes ?? FALLBACK_PREPARATION_MINUTES) + busyMinutes);
  const tAllergy = useTranslations("kitchen.allergyConfirm");
  // An order whose notes name an allergy is confirmed from a step that shows them (issue 27, point 2).
  const [asking, setAsking] = useState(false);
  // The step opens on "Voltar" (after the dialog's showModal, a child's effect, focused its first
  // button): a bounced or repeated key, a bump bar's, goes back and never confirms unseen.
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) back.current?.focus();
  }, [asking]);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const withPin = useWithPin();
  const notOffered = useNotOfferedOn(order.channelId);
  const tActions = useTranslations("orderActions");
  const confirm = useMutation({
    // A tablet with nobody's PIN in: the keypad opens here, then the confirm goes through.
    mutationFn: () => withPin(() => postOrderAction(order.id, "confirm", { preparationTime: minutes })),
    onSuccess: ({ order: updated, actor }) => {
      setAsking(false);
      rememberConfirmedBy(updated.id, actor);
      printIfAutoPrint(updated.id);
      queryClient.setQueryData<BoardSnapshot>(BOARD_QUERY_KEY, (snapshot) =>
        snapshot ? applyOrderChange(snapshot, updated) : snapshot,
      );
    },
  });

  // The customer asked to cancel: no shortcut; the cook reviews and decides in the details.
  if (!order.actions.includes("confirm") || order.cancellationRequested) return null;
  // The platform's manifest does not declare confirmOrder (issue 29): shown, disabled, saying so.
  const notOfferedBy = notOffered("confirm");
  if (notOfferedBy !== null)
    return (
      <NotOfferedButton
        label={tTicket("confirmWith", { minutes: String(minutes) })}
        reason={tActions("notOffered.confirm", { platform: notOfferedBy })}
        className={compact ? COMPACT_BUTTON : CONFIRM_BUTTON}
      />
    );

  const error = confirm.isError ? errorText(confirm.error) : null;
  const label = confirm.isPending
    ? t("confirming")
    : confirm.isError
      ? t("retry")
      : tTicket("confirmWith", { minutes: String(minutes) });

  return (
    <div className="flex flex-col gap-2">
      {error && !compact && (
        <Notice tone="error">
          <span aria-hidden="true">✕ </span>
          {error}
        </Notice>
      )}
      <button
        type="button"
        // Disabled while in flight: a wet thumb tapping twice must not send two confirms.
        disabled={confirm.isPending}
        aria-busy={confirm.isPending}
        onClick={() => (order.allergy ? setAsking(true) : confirm.mutate())}
        // The board's bump key presses this button: an allergy order still opens its step.
        data-key-action
        title={compact && error ? error : undefined}
        className={compact ? COMPACT_BUTTON : CONFIRM_BUTTON}
      >
        {order.allergy && !compact && !confirm.isPending && <span aria-hidden="true">⚠ </span>}
        {label}
      </button>
      {asking && (
        <Dialog
          frame="compact"
          boardStep
          onClose={() => setAsking(false)}
          title={
            <>
              {/* Seen, not said twice: the title's words say "Alergia" already. */}
              <span aria-hidden="true">
                <AllergySign className="mr-2 px-1.5 text-xl" />
              </span>
              {tAllergy("title", { displayId: order.displayId })}
            </>
          }
        >
          <p className="mb-2 text-lg text-zinc-200">{tAllergy("body")}</p>
          <OrderNotes order={order} className="mb-4" size="text-lg leading-snug" />
          {error && (
            <div className="mb-3">
              <Notice tone="error">{error}</Notice>
            </div>
          )}
          <div className="flex flex-col gap-3">
            <button
              type="button"
              disabled={confirm.isPending}
              aria-busy={confirm.isPending}
              onClick={() => confirm.mutate()}
              className={CONFIRM_BUTTON}
            >
              {confirm.isPending ? t("confirming") : tTicket("confirmWith", { minutes: String(minutes) })}
            </button>
            <button
              type="button"
              ref={back}
              onClick={() => setAsking(false)}
              className="min-h-12 rounded-lg border-2 border-zinc-400 px-3 text-lg font-bold text-zinc-100"
            >
              {tAllergy("back")}
            </button>
          </div>
        </Dialog>
      )}
      {error && compact && (
        <p role="alert" className="text-sm font-semibold break-words text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
