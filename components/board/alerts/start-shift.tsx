"use client";

import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { BellIcon } from "./sound-icons";

/**
 * Browsers keep a page silent until a person taps it, and a silent board is a board that misses
 * orders: the first thing a shift sees is one big button that turns the alerts on.
 */
export function StartShift({ onStart }: { onStart: () => void }) {
  const t = useTranslations("alerts.startShift");
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="start-shift-title"
      aria-describedby="start-shift-body"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-8 bg-zinc-950/95 p-6 text-center"
    >
      <h2 id="start-shift-title" className="text-4xl font-bold">
        {t("title")}
      </h2>
      <p id="start-shift-body" className="max-w-xl text-xl text-zinc-300">
        {t("body")}
      </p>
      <button
        type="button"
        autoFocus
        onClick={onStart}
        className={buttonClass(
          "primary",
          "custom",
          "flex min-h-24 min-w-72 items-center justify-center gap-3 rounded-2xl px-10 text-3xl shadow-lg focus-visible:outline-4",
        )}
      >
        <BellIcon />
        {t("button")}
      </button>
    </div>
  );
}
