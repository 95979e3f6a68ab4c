"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { isAssignable, KEY_COMMANDS, keyLabel, withKey, type KeyCommand } from "./key-map";
import { useKeyMap, writeKeyMap } from "./key-map-store";

const CHANGE = buttonClass("outline", "md", "shrink-0 aria-pressed:border-sky-400 aria-pressed:text-sky-300");

/**
 * The board keys' mapping on this device (the tablet settings): each command's keys, "Mudar" to
 * take the next key pressed (Escape cancels), and back to the default (docs/kitchen.md "Keys").
 */
export function KeySettings() {
  const t = useTranslations("boardKeys");
  const map = useKeyMap();
  const [waiting, setWaiting] = useState<KeyCommand | null>(null);

  useEffect(() => {
    if (!waiting) return;
    // Capturing, before the board's own handler: the key pressed is the new key, not a command.
    const take = (event: KeyboardEvent) => {
      if (!isAssignable(event.key)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (event.key !== "Escape") writeKeyMap(withKey(map, waiting, event.key));
      setWaiting(null);
    };
    window.addEventListener("keydown", take, { capture: true });
    return () => window.removeEventListener("keydown", take, { capture: true });
  }, [waiting, map]);

  const named = (key: string) => (key === " " ? t("space") : keyLabel(key));
  return (
    <div role="group" aria-labelledby="board-keys-title" className="flex flex-col gap-2">
      <p id="board-keys-title" className="font-semibold">
        {t("title")}
      </p>
      <p className="text-base text-zinc-300">{t("hint")}</p>
      <ul className="flex flex-col gap-1.5">
        {KEY_COMMANDS.map((command) => (
          <li key={command} className="flex items-center justify-between gap-2">
            <span className="min-w-0">
              <span className="block text-base leading-tight">{t(`command.${command}`)}</span>
              <span className="text-base font-bold" data-keys={command}>
                {map[command].length > 0 ? map[command].map(named).join(` ${t("or")} `) : t("none")}
              </span>
            </span>
            <button
              type="button"
              aria-pressed={waiting === command}
              aria-label={t("changeLabel", { command: t(`command.${command}`) })}
              onClick={() => setWaiting(waiting === command ? null : command)}
              className={CHANGE}
            >
              {waiting === command ? t("press") : t("change")}
            </button>
          </li>
        ))}
      </ul>
      <p className="text-base text-zinc-300">{t("digits")}</p>
      <button type="button" onClick={() => writeKeyMap(null)} className={buttonClass("ghost", "md")}>
        {t("reset")}
      </button>
    </div>
  );
}
