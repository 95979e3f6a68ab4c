"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";

const FRAMES = {
  /** A small box in the middle of the screen (the PIN pad). */
  compact: "w-[min(24rem,calc(100vw-2rem))] rounded-2xl p-5 text-zinc-50",
  /** Nearly the whole screen, a header bar on top (an order's details). */
  full: "h-[calc(100dvh-1rem)] max-h-none w-[calc(100vw-1rem)] max-w-5xl rounded-xl p-0 text-zinc-100",
  /** The whole screen on a phone, as `full` on a tablet (a form typed into: the order form). */
  sheet:
    "h-dvh max-h-none w-screen max-w-none p-0 text-zinc-100 md:h-[calc(100dvh-1rem)] md:w-[calc(100vw-1rem)] md:max-w-5xl md:rounded-xl",
} as const;

interface DialogProps {
  /** Shown while true; a dialog that is mounted only while open can leave it out. */
  open?: boolean;
  /** Called however it closes: Escape, the close button, or `open` turning false. */
  onClose: () => void;
  title: ReactNode;
  /** A fixed id for the title, when something inside points at it too; unique by default. */
  titleId?: string;
  frame: keyof typeof FRAMES;
  /** `full` frame: words beside the title (the order's type and column). */
  details?: ReactNode;
  /** `full` frame: buttons before the close button. */
  actions?: ReactNode;
  /** `full` frame: the close button's words. */
  closeLabel?: string;
  children: ReactNode;
  /** A step of the board itself (the allergy confirm): the board's keys move between its buttons. */
  boardStep?: boolean;
}

/**
 * A modal dialog on the browser's own <dialog>: focus moves in when it opens, Escape closes it,
 * focus goes back to what opened it, and the page behind cannot be reached meanwhile.
 */
export function Dialog({
  open = true,
  onClose,
  title,
  titleId,
  frame,
  details,
  actions,
  closeLabel,
  children,
  boardStep,
}: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const generatedId = useId();
  const headingId = titleId ?? generatedId;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={onClose}
      data-board-step={boardStep || undefined}
      className={`m-auto bg-zinc-900 backdrop:bg-black/70 ${FRAMES[frame]}`}
    >
      {frame === "compact" ? (
        <>
          <h2 id={headingId} className="mb-3 text-2xl font-bold">
            {title}
          </h2>
          {children}
        </>
      ) : (
        <div className="flex h-full flex-col">
          {/* Wraps on a phone: Close moves under the title rather than off the screen. */}
          <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-zinc-700 px-4 py-2">
            <div className="flex min-w-0 flex-wrap items-baseline gap-x-4">
              <h2 id={headingId} className="text-3xl font-extrabold tabular-nums md:text-4xl">
                {title}
              </h2>
              {details}
            </div>
            <div className="ml-auto flex flex-wrap justify-end gap-2">
              {actions}
              {closeLabel && (
                <Button variant="secondary" size="tool" onClick={() => dialog.current?.close()} className="shrink-0">
                  {closeLabel}
                </Button>
              )}
            </div>
          </header>
          {children}
        </div>
      )}
    </dialog>
  );
}
