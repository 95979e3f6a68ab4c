import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "./action-styles";

const PRESETS = [15, 20, 30, 45] as const;

/** The presets, with the store's default among them (in order) when it is none of them. */
function presetsWith(preselected: number): number[] {
  return [...new Set([...PRESETS, preselected])].sort((a, b) => a - b);
}
/** A toggle: the chosen time lights up in the colour of the confirm it goes with. */
const PRESET_BUTTON = buttonClass(
  "outline",
  "custom",
  "min-h-14 rounded-lg text-xl aria-pressed:border-go aria-pressed:bg-go/20 aria-pressed:text-go",
);

/**
 * Confirm, always telling the platform how long the kitchen needs: the store's default is
 * preselected (`preselected`) and another preset may be chosen; there is no confirming without one.
 */
export function ConfirmAction({
  pending,
  preselected,
  onRun,
  primary = true,
}: {
  pending: boolean;
  preselected: number;
  onRun: (body: Record<string, unknown>) => void;
  /** False while a cancellation request waits: answering it comes first. */
  primary?: boolean;
}) {
  const t = useTranslations("orderActions");
  const tTicket = useTranslations("ticket");
  const [minutes, setMinutes] = useState(preselected);
  const presets = presetsWith(preselected);
  return (
    <div className="flex flex-col gap-2">
      <div
        role="group"
        aria-label={t("preparationTime")}
        className={`grid gap-2 ${presets.length > 4 ? "grid-cols-5" : "grid-cols-4"}`}
      >
        {presets.map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={minutes === preset}
            title={preset === preselected ? tTicket("storeDefault") : undefined}
            onClick={() => setMinutes(preset)}
            className={PRESET_BUTTON}
          >
            {t("minutes", { minutes: String(preset) })}
          </button>
        ))}
      </div>
      <button
        type="button"
        disabled={pending}
        aria-busy={pending}
        onClick={() => onRun({ preparationTime: minutes })}
        data-emphasis={primary ? "primary" : "secondary"}
        className={primary ? PRIMARY_BUTTON : SECONDARY_BUTTON}
      >
        {/* The chosen time shows, pressed, just above: the button keeps the one word. */}
        {t("confirm")}
      </button>
    </div>
  );
}
