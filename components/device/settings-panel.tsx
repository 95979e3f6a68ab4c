"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { readAutoPrint, writeAutoPrint } from "@/components/print/print-request";
import { buttonClass } from "@/components/ui/button";
import { THEMES, type Theme } from "@/lib/theme/config";
import { applyTheme } from "@/lib/theme/theme-cookie";
import { LanguageSwitch } from "@/components/device/language-switch";
import { KeySettings } from "@/components/board/keys/key-settings";
import { BoardStationSetting } from "@/components/board/stations/station-picker";
import { SignOutSection } from "./sign-out";
import { useFullscreen } from "./use-fullscreen";
import type { WakeLockState } from "./use-wake-lock";

// An option that stays chosen: filled in while pressed.
const OPTION = buttonClass(
  "outline",
  "md",
  "aria-pressed:border-zinc-100 aria-pressed:bg-zinc-100 aria-pressed:text-zinc-950",
);

/** The settings themselves (device-settings.tsx opens them): loaded on the first tap of the gear. */
export function SettingsPanel({ id, wakeLock }: { id: string; wakeLock: WakeLockState }) {
  const t = useTranslations("device");
  const fullscreen = useFullscreen();
  // The panel exists only in the browser (opened by a tap), so reading the page's state is safe.
  const [theme, setTheme] = useState<Theme>(() =>
    document.documentElement.classList.contains("light") ? "light" : "dark",
  );
  const [autoPrint, setAutoPrint] = useState(readAutoPrint);
  const [keysOpen, setKeysOpen] = useState(false);

  return (
    <div
      id={id}
      role="region"
      aria-label={t("open")}
      className="absolute top-full right-0 z-30 mt-1 flex max-h-[calc(100dvh-4rem)] w-[min(22rem,calc(100vw-1rem))] flex-col overflow-y-auto gap-4 rounded-xl border-2 border-zinc-600 bg-zinc-900 p-4 text-lg shadow-2xl"
    >
      <LanguageSwitch />
      <div role="group" aria-label={t("theme")} className="flex flex-col gap-2">
        <p aria-hidden="true" className="font-semibold">
          {t("theme")}
        </p>
        <div className="grid grid-cols-2 gap-2">
          {THEMES.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={theme === value}
              onClick={() => {
                applyTheme(value);
                setTheme(value);
              }}
              className={OPTION}
            >
              {t(value)}
            </button>
          ))}
        </div>
      </div>
      {fullscreen.supported && (
        <button
          type="button"
          onClick={fullscreen.toggle}
          className={`${OPTION} flex items-center justify-center gap-2`}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2">
            <path
              d={
                fullscreen.active ? "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" : "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
              }
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {fullscreen.active ? t("exitFullscreen") : t("fullscreen")}
        </button>
      )}
      <div className="flex flex-col gap-1">
        <button
          type="button"
          aria-pressed={autoPrint}
          aria-describedby={`${id}-print-hint`}
          onClick={() => {
            writeAutoPrint(!autoPrint);
            setAutoPrint(!autoPrint);
          }}
          className={`${OPTION} text-left`}
        >
          <span aria-hidden="true">{autoPrint ? "☑ " : "☐ "}</span>
          {t("autoPrint")}
        </button>
        <p id={`${id}-print-hint`} className="text-base text-zinc-300">
          {t("autoPrintHint")}
        </p>
      </div>
      <BoardStationSetting />
      {/* Folded: most tablets have no bump bar, and the panel must fit a 768 px screen. */}
      <button
        type="button"
        aria-expanded={keysOpen}
        onClick={() => setKeysOpen(!keysOpen)}
        className={`${OPTION} text-left`}
      >
        <span aria-hidden="true">{keysOpen ? "▾ " : "▸ "}</span>
        {t("keys")}
      </button>
      {keysOpen && <KeySettings />}
      <p className="text-base text-zinc-300">{wakeLock === "held" ? t("wakeLockOn") : t("wakeLockOff")}</p>
      <SignOutSection />
    </div>
  );
}
