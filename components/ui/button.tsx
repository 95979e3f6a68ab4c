import type { ButtonHTMLAttributes } from "react";

/**
 * One look per meaning (colour, border, weight, and how it answers a press or a pending request).
 * `secondary` is the strong outline that sits beside a primary action; `outline` the quieter one
 * of back-office forms and navigation.
 */
const VARIANTS = {
  primary:
    "bg-go font-bold text-zinc-950 active:bg-emerald-300 disabled:cursor-wait disabled:bg-zinc-600 disabled:text-zinc-200",
  secondary: "border-2 border-zinc-400 font-semibold active:bg-zinc-800 disabled:opacity-60",
  outline: "border-2 border-zinc-500 font-semibold active:bg-zinc-800 disabled:opacity-60",
  light: "bg-zinc-100 font-bold text-zinc-950 active:bg-zinc-300",
  danger:
    "border-2 border-overdue font-semibold text-overdue active:bg-red-950 disabled:cursor-wait disabled:opacity-60",
  dangerSolid: "bg-overdue font-bold text-zinc-950 active:bg-red-300 disabled:cursor-wait disabled:opacity-60",
  ghost: "font-semibold text-zinc-300",
} as const;

/** Every size is a touch target of at least 48 px; `kitchen` is the board's big primary action. */
const SIZES = {
  sm: "min-h-12 min-w-12 rounded-md px-3 text-base",
  md: "min-h-12 rounded-lg px-4 text-lg",
  tool: "min-h-12 min-w-12 rounded-lg px-4 text-xl",
  lg: "min-h-14 rounded-lg px-6 text-xl",
  kitchen: "min-h-16 rounded-lg px-4 text-2xl",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
/** `custom`: the caller gives the shape itself (a keypad key), only the variant's look is applied. */
export type ButtonSize = keyof typeof SIZES | "custom";

/** The classes of a button look, for links and summaries that should look like a button too. */
export function buttonClass(variant: ButtonVariant, size: ButtonSize = "md", extra?: string): string {
  return [size === "custom" ? null : SIZES[size], VARIANTS[variant], extra].filter(Boolean).join(" ");
}

/** A link that looks like a button: laid out as a box, so its words sit in the middle of the target. */
export function linkButtonClass(variant: ButtonVariant, size: ButtonSize = "md", extra?: string): string {
  return buttonClass(
    variant,
    size,
    extra ? `flex items-center justify-center ${extra}` : "flex items-center justify-center",
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant: ButtonVariant;
  size?: ButtonSize;
}

/** A button that does not submit a form unless asked to (`type="submit"`). */
export function Button({ variant, size = "md", type = "button", className, ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}
