import { buttonClass } from "@/components/ui/button";

/**
 * The looks of the order's actions, full width in the details' side panel. Touch targets ≥ 48 px
 * everywhere; one look per meaning (components/ui/button.tsx).
 */
export const PRIMARY_BUTTON = buttonClass("primary", "kitchen", "w-full");
export const SECONDARY_BUTTON = buttonClass("secondary", "lg", "w-full");
export const DANGER_BUTTON = buttonClass("danger", "lg", "w-full");
export const DANGER_SOLID_BUTTON = buttonClass("dangerSolid", "lg", "w-full");
/** Accepting a cancellation request while it is the step to take: as big as a primary action. */
export const DANGER_PRIMARY_BUTTON = buttonClass("dangerSolid", "kitchen", "w-full");

/**
 * The controls of the action forms: larger words and a lighter border than the back office's
 * controlClass("md"), for a tablet read at arm's length; spelled out because two text sizes in one
 * class list would leave the winner to the order of Tailwind's stylesheet.
 */
export const FIELD = "min-h-12 w-full rounded-lg border-2 border-zinc-500 bg-zinc-900 px-3 text-xl text-zinc-100";
