"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { loadOnRender } from "@/components/load-on-render";
import { Button } from "@/components/ui/button";
import { useWakeLock } from "./use-wake-lock";

// Loaded on the first tap of the gear: the panel (languages, sign-out and next-auth's client with
// it) is no part of the board's first paint.
const SettingsPanel = loadOnRender(() => import("./settings-panel").then((module) => module.SettingsPanel));

/**
 * This device's settings, remembered on the device: theme, full screen, printing on confirm. Also
 * keeps the screen awake while the board is open, and says so. Signing the board out lives here
 * too, asked twice (not in the header beside "Switch person", where one tap stopped the alarms).
 */
export function DeviceSettings() {
  const t = useTranslations("device");
  const wakeLock = useWakeLock();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex min-w-12 items-center justify-center gap-2 aria-expanded:bg-zinc-800"
      >
        <span aria-hidden="true" className="text-xl">
          ⚙
        </span>
        {/* The gear alone on a tablet: the board's top line keeps room for who is working. */}
        <span className="sr-only xl:not-sr-only">{t("open")}</span>
      </Button>
      {open && <SettingsPanel id={panelId} wakeLock={wakeLock} />}
    </div>
  );
}
