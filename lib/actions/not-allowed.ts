import type { BoardOrder } from "@/lib/contract/board";
import { AppError } from "@/lib/errors";

/** The card does not offer this action now: say so, with the card as it is. */
export function notAllowed(action: string, card: BoardOrder): AppError {
  return new AppError(
    "action_not_allowed",
    `Order ${card.displayId} does not allow “${action}” now (it is ${card.column}).`,
    undefined,
    { order: card },
  );
}
