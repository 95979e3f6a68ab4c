import type { ReactNode } from "react";

const TONES = {
  alarm: { box: "border-overdue bg-red-950 text-red-100", button: "bg-zinc-100 text-zinc-950" },
  stop: { box: "border-cancelled bg-cancelled text-zinc-950", button: "bg-zinc-950 text-zinc-50" },
};

/**
 * One of the board's alerts (alert-stack.tsx): its words, and beside them the button by which
 * someone says they saw it. Compact — the button on the words' line, not under them — so that
 * several alerts at once leave the lanes their height.
 */
export function AlertBanner({
  kind,
  tone = "alarm",
  action,
  className = "",
  children,
  ...data
}: {
  /** Its data-alert: the stack counts the alerts out of view by it. */
  kind: string;
  tone?: keyof typeof TONES;
  action?: { label: string; onClick: () => void };
  /** The words' size. */
  className?: string;
  children: ReactNode;
} & { [attribute: `data-${string}`]: string | number }) {
  return (
    <div
      role="alert"
      data-alert={kind}
      {...data}
      className={`flex shrink-0 items-center gap-3 rounded-lg border-2 px-3 py-1 font-bold ${TONES[tone].box}`}
    >
      <div className={`min-w-0 flex-1 ${className}`}>{children}</div>
      {action && (
        <button
          type="button"
          onClick={action.onClick}
          className={`min-h-12 shrink-0 rounded-lg px-6 text-lg font-bold ${TONES[tone].button}`}
        >
          {action.label}
        </button>
      )}
    </div>
  );
}
