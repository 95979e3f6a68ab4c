import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { PRIMARY_BUTTON } from "./action-styles";

const PRESETS = [15, 20, 30, 45] as const;
/** A toggle: the chosen time lights up in the colour of the confirm it goes with. */
const PRESET_BUTTON = buttonClass(
  "outline",
  "custom",
  "min-h-14 rounded-lg text-xl aria-pressed:border-go aria-pressed:bg-go/20 aria-pressed:text-go",
);

/** Confirm, optionally telling the platform how long the kitchen needs. */
export function ConfirmAction({
  pending,
  onRun,
}: {
  pending: boolean;
  onRun: (body: Record<string, unknown>) => void;
}) {
  const t = useTranslations("orderActions");
  const [minutes, setMinutes] = useState<number | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={t("preparationTime")} className="grid grid-cols-4 gap-2">
        {PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={minutes === preset}
            onClick={() => setMinutes(minutes === preset ? null : preset)}
            className={PRESET_BUTTON}
          >
            {t("minutes", { minutes: preset })}
          </button>
        ))}
      </div>
      <button
        type="button"
        disabled={pending}
        aria-busy={pending}
        onClick={() => onRun(minutes ? { preparationTime: minutes } : {})}
        className={PRIMARY_BUTTON}
      >
        {t("confirm")}
      </button>
    </div>
  );
}
