import type { ReactNode } from "react";

/**
 * A toolbar button that opens a part of the board (the finished sheet, the all-day panel): filled
 * with `openClass` while that part shows. Short words: it shares its row with the store controls.
 */
export function BoardToggle({
  open,
  controls,
  openClass,
  onToggle,
  children,
}: {
  open: boolean;
  /** The id of the part it shows. */
  controls: string;
  openClass: string;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className={`min-h-12 rounded-lg px-2.5 text-base font-semibold whitespace-nowrap ${open ? openClass : "bg-zinc-900 text-zinc-200"}`}
    >
      {children}
    </button>
  );
}
