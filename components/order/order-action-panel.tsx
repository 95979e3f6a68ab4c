import { useTranslations } from "next-intl";
import { CANCELLATION_CODES, DENY_CANCELLATION_CODES } from "@/lib/contract/board-values";
import type { BoardOrder, OrderAction } from "@/lib/contract/board";
import { ApiError } from "@/lib/contract/client";
import { useErrorText } from "@/components/use-error-text";
import { useBoardStore } from "@/components/board/stream/use-board-store";
import { useBusyMinutes } from "@/components/board/controls/use-merchant-controls";
import { CancellationRequestWho } from "@/components/board/card/cancellation-request";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "./action-styles";
import { ConfirmAction } from "./confirm-action";
import { DispatchForm } from "./dispatch-form";
import { CancelOrderAction } from "./cancel-order-action";
import { AcceptCancellation, ReasonAction } from "./reason-action";
import { useOrderAction } from "./use-order-action";
import { NotOfferedButton, useNotOfferedOn } from "@/components/board/channels/not-offered";

const DESTRUCTIVE: readonly OrderAction[] = ["requestCancellation", "acceptCancellation", "denyCancellation"];
const ONE_TAP = ["preparing", "readyForPickup", "delivered", "pickedUp"] as const;
/** The actions a platform's manifest may leave out (lib/platform/discovery/dialect.ts), with their buttons' words. */
type NotOfferedAction = "confirm" | "preparing" | "readyForPickup" | "dispatch" | "delivered" | "requestCancellation";
const NOT_OFFERED_LABEL: Partial<
  Record<OrderAction, "confirm" | "preparing" | "readyForPickup" | "dispatch" | "delivered">
> = {
  confirm: "confirm",
  preparing: "preparing",
  readyForPickup: "readyForPickup",
  dispatch: "dispatch",
  delivered: "delivered",
};
/** When the board does not know the store's own default. */
const DEFAULT_PREPARATION_MINUTES = 20;

/** Only what the lifecycle allows now: the primary first, destructive ones apart at the bottom. */
export function OrderActionPanel({ order }: { order: BoardOrder }) {
  const t = useTranslations("orderActions");
  const tRequest = useTranslations("cancellationRequest");
  const describeError = useErrorText();
  const mutation = useOrderAction(order.id);
  const notOffered = useNotOfferedOn(order.channelId);
  // Busy mode adds its minutes to the store's usual time.
  const preparationMinutes = Math.min(
    240,
    (useBoardStore(order.storeId)?.preparationMinutes ?? DEFAULT_PREPARATION_MINUTES) + useBusyMinutes(order.storeId),
  );
  const pending = mutation.isPending;
  const run =
    (action: OrderAction) =>
    (body: Record<string, unknown> = {}) =>
      mutation.mutate({ action, body });

  const regular = order.actions.filter((action) => !DESTRUCTIVE.includes(action));
  const destructive = order.actions.filter((action) => DESTRUCTIVE.includes(action));
  // While someone asks to cancel, answering is the step to take: Accept and Deny come first, as
  // primary buttons, and the order's usual next step waits below as a secondary one.
  const answering = order.cancellationRequested && destructive.includes("acceptCancellation");
  const answers: OrderAction[] = answering ? destructive.filter((action) => action !== "requestCancellation") : [];
  const apart = destructive.filter((action) => !answers.includes(action));
  const primaryIndex = answering ? -1 : 0;

  function answerButton(action: OrderAction, primary: boolean) {
    const platform = notOffered(action);
    return action === "requestCancellation" && platform !== null ? (
      <NotOfferedButton
        key={action}
        label={t("cancel.open")}
        reason={t("notOffered.requestCancellation", { platform })}
        className={SECONDARY_BUTTON}
      />
    ) : action === "acceptCancellation" ? (
      <AcceptCancellation key={action} primary={primary} pending={pending} onRun={() => run(action)()} />
    ) : action === "requestCancellation" ? (
      <CancelOrderAction key={action} order={order} pending={pending} onRun={run(action)} />
    ) : (
      <ReasonAction
        key={action}
        primary={primary}
        kind={action === "denyCancellation" ? "deny" : "cancel"}
        codes={action === "denyCancellation" ? DENY_CANCELLATION_CODES : CANCELLATION_CODES}
        pending={pending}
        onRun={run(action)}
      />
    );
  }

  const error = mutation.error;
  const errorText = error === null ? null : describeError(error);

  return (
    <section aria-label={t("label")} className="flex flex-col gap-3">
      {errorText && (
        <div role="alert" className="flex flex-col gap-2 rounded-lg bg-red-950 p-3 text-lg font-semibold text-red-100">
          <p>
            <span aria-hidden="true">✕ </span>
            {errorText}
          </p>
          {error instanceof ApiError && error.code === "already_done" ? null : (
            <button
              type="button"
              disabled={pending}
              onClick={() => mutation.variables && mutation.mutate(mutation.variables)}
              className={SECONDARY_BUTTON}
            >
              {t("retry")}
            </button>
          )}
        </div>
      )}
      {regular.length === 0 && destructive.length === 0 && <p className="text-lg text-zinc-400">{t("none")}</p>}
      {answering && (
        <div
          role="group"
          aria-label={tRequest("answerFirst")}
          className="flex flex-col gap-3 rounded-lg border-2 border-overdue p-3"
        >
          <p className="flex flex-wrap gap-2">
            <CancellationRequestWho order={order} />
          </p>
          {answers.map((action) => answerButton(action, true))}
          <p className="text-lg text-zinc-300">{tRequest("answerFirst")}</p>
        </div>
      )}
      {regular.map((action, index) =>
        notOffered(action) !== null ? (
          <NotOfferedButton
            key={action}
            label={t(NOT_OFFERED_LABEL[action] ?? "confirm")}
            reason={t(`notOffered.${action as NotOfferedAction}`, { platform: notOffered(action)! })}
            className={index === primaryIndex ? PRIMARY_BUTTON : SECONDARY_BUTTON}
          />
        ) : action === "confirm" ? (
          <ConfirmAction
            key={action}
            pending={pending}
            preselected={preparationMinutes}
            primary={!answering}
            onRun={run(action)}
          />
        ) : action === "dispatch" ? (
          <DispatchForm
            key={`${action}-${index === primaryIndex}`}
            primary={index === primaryIndex}
            pending={pending}
            needsPickupCode={Boolean(order.pickupCode)}
            onRun={run(action)}
          />
        ) : (ONE_TAP as readonly string[]).includes(action) ? (
          <button
            key={action}
            type="button"
            disabled={pending}
            aria-busy={pending}
            onClick={() => run(action)()}
            data-emphasis={index === primaryIndex ? "primary" : "secondary"}
            className={index === primaryIndex ? PRIMARY_BUTTON : SECONDARY_BUTTON}
          >
            {t(action as (typeof ONE_TAP)[number])}
          </button>
        ) : null,
      )}
      {/* Under the buttons, not above them: appearing and going, it moves nothing a thumb is on. */}
      {pending && (
        <p role="status" className="text-lg text-zinc-300">
          {t("sending")}
        </p>
      )}
      {apart.length > 0 && (
        // Kept well apart from the primary action: a wet thumb must not land here by mistake.
        <div className="mt-8 flex flex-col gap-3 border-t-2 border-zinc-700 pt-6">
          {apart.map((action) => answerButton(action, false))}
        </div>
      )}
    </section>
  );
}
