import { useTranslations } from "next-intl";
import type { BoardOrder, OrderAction } from "@/lib/contract/board";
import { useOrderAction } from "@/components/order/use-order-action";
import { useErrorText } from "@/components/use-error-text";
import { buttonClass } from "@/components/ui/button";
import { rememberBump } from "./bump-undo-store";
import { useState } from "react";
import { PickupCodeDialog } from "./pickup-code-dialog";
import { NotOfferedButton, useNotOfferedOn } from "../channels/not-offered";

/** The step each live lane's card takes in one tap (issue 27): the first of these its card allows. */
const BUMPS = ["readyForPickup", "pickedUp", "dispatch", "delivered"] as const satisfies readonly OrderAction[];
type Bump = (typeof BUMPS)[number];

/** The card's one-tap step, or null: none while a cancellation request waits for an answer. */
export function bumpOf(order: BoardOrder): Bump | null {
  if (order.cancellationRequested || order.cancellationPending) return null;
  if (order.column !== "preparing" && order.column !== "ready" && order.column !== "dispatched") return null;
  return order.actions.find((action): action is Bump => (BUMPS as readonly OrderAction[]).includes(action)) ?? null;
}

const BUMP_BUTTON = buttonClass(
  "primary",
  "custom",
  "min-h-12 w-full rounded-lg px-2 text-lg leading-tight font-bold transition-colors",
);

/**
 * Bump in one tap (issue 27): In preparation → "Pronto", Ready → "Despachar"/"Retirado"/"Entregue",
 * On the way → "Entregue", the same words as the details. The platform is called at once; the
 * board's undo bar offers the recall for 10 s (bump-undo.tsx). A dispatch sends no courier
 * (optional in the standard); the details' "Despachar…" takes one.
 */
export function BumpAction({ order, compact = false }: { order: BoardOrder; compact?: boolean }) {
  const t = useTranslations("orderActions");
  const errorText = useErrorText();
  const perform = useOrderAction(order.id);
  const action = bumpOf(order);
  const [asking, setAsking] = useState(false);
  const notOffered = useNotOfferedOn(order.channelId);
  if (!action) return null;
  const platform = notOffered(action);
  // The platform's manifest does not declare this step (issue 29): shown, disabled, saying so.
  if (platform !== null && action !== "pickedUp")
    return (
      <NotOfferedButton
        label={t(action)}
        reason={t(`notOffered.${action}`, { platform })}
        className={`${BUMP_BUTTON} ${compact ? "text-base" : ""}`}
      />
    );
  // The platform's courier collects with a code: Dispatch asks for it first (checked by the server).
  const needsCode = action === "dispatch" && Boolean(order.pickupCode);
  // The promise, not mutate's callbacks: the card moves lanes on success, and this button with it
  // (a callback of an unmounted mutate never runs).
  // Never rejects: a failure is shown by perform.isError.
  const bump = (pickupCode?: string) =>
    void perform
      .mutateAsync(pickupCode ? { action, body: { pickupCode } } : { action })
      .then(({ order: updated }) =>
        rememberBump({ orderId: updated.id, displayId: updated.displayId, to: updated.column, at: Date.now() }),
      )
      .catch(() => undefined);
  return (
    <div className="relative flex flex-col gap-1">
      <button
        type="button"
        // Disabled while in flight: a second tap must not send a second step.
        disabled={perform.isPending}
        aria-busy={perform.isPending}
        onClick={() => (needsCode ? (perform.reset(), setAsking(true)) : bump())}
        // The board's bump key presses this button (keys/use-board-keys.ts).
        data-key-action
        className={`${BUMP_BUTTON} ${compact ? "text-base" : ""}`}
      >
        {perform.isPending ? t("sending") : t(action)}
      </button>
      {asking && (
        <PickupCodeDialog
          pending={perform.isPending}
          error={perform.isError ? errorText(perform.error) : null}
          onSubmit={(code) => bump(code)}
          onClose={() => setAsking(false)}
        />
      )}
      {perform.isError && !asking && (
        <p role="alert" className="text-sm font-semibold break-words text-red-300">
          {errorText(perform.error)}
        </p>
      )}
    </div>
  );
}
