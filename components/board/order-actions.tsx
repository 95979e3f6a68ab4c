import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { BoardOrder, BoardSnapshot } from "@/lib/contract/board";
import { printIfAutoPrint } from "@/components/print/print-request";
import { postOrderAction } from "@/components/order/use-order-action";
import { useErrorText } from "@/components/use-error-text";
import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { applyOrderChange, BOARD_QUERY_KEY } from "./board-cache";

/** Smaller than the details' kitchen-size primary: it sits inside a card, beside others. */
const CONFIRM_BUTTON = buttonClass("primary", "custom", "min-h-14 w-full rounded-lg px-4 text-xl transition-colors");

/**
 * The card's one primary action. This slice knows only "confirm"; later actions (ready,
 * dispatch, …) get their own labels here, and destructive ones a separate, two-step control.
 */
export function OrderActions({ order }: { order: BoardOrder }) {
  const t = useTranslations("actions");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => postOrderAction(order.id, "confirm"),
    onSuccess: ({ order: updated, actor }) => {
      queryClient.setQueryData(confirmedByKey(updated.id), actor);
      printIfAutoPrint(updated.id);
      queryClient.setQueryData<BoardSnapshot>(BOARD_QUERY_KEY, (snapshot) =>
        snapshot ? applyOrderChange(snapshot, updated) : snapshot,
      );
    },
  });

  // The customer asked to cancel: no shortcut; the cook reviews and decides in the details.
  if (!order.actions.includes("confirm") || order.cancellationRequested) return null;

  const error = confirm.isError ? errorText(confirm.error) : null;

  return (
    <div className="mt-1 flex flex-col gap-2">
      {error && (
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
        onClick={() => confirm.mutate()}
        className={CONFIRM_BUTTON}
      >
        {confirm.isPending ? t("confirming") : confirm.isError ? t("retry") : t("confirm")}
      </button>
    </div>
  );
}

/** Who confirmed an order from this browser (the card shows it). */
export const confirmedByKey = (orderId: string) => ["confirmedBy", orderId] as const;
