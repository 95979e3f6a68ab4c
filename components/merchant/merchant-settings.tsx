"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useMerchantControls } from "@/components/board/controls/use-merchant-controls";
import type { MerchantAction } from "@/lib/contract/merchant";
import type { AutoAcceptSettings } from "@/lib/contract/merchant-state";
import { MerchantPlatformStatus } from "./merchant-platform-status";

const TYPES = ["DELIVERY", "TAKEOUT", "INDOOR"] as const;
const INPUT = "min-h-12 rounded-md border-2 border-zinc-500 bg-zinc-900 px-2";
const DEFAULT_AUTO: AutoAcceptSettings = {
  enabled: false,
  types: ["DELIVERY", "TAKEOUT", "INDOOR"],
  hours: null,
  cap: 5,
  preparationMinutes: 20,
};

/**
 * Integrations: the store's Open Delivery merchant endpoint (import the menu, register it with the
 * platform, see the platform's last read, a new apiKey shown once) and auto-accept.
 */
export function MerchantSettings({ storeId }: { storeId: string }) {
  const t = useTranslations("merchantSettings");
  const { state, act, pending } = useMerchantControls(storeId);
  const [apiKey, setApiKey] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [auto, setAuto] = useState<AutoAcceptSettings | null>(null);
  if (!state) return null;
  const settings = auto ?? state.autoAccept ?? DEFAULT_AUTO;

  const run = async (action: MerchantAction, done: string) => {
    setMessage(null);
    try {
      const answer = await act(action);
      if (answer.apiKey) setApiKey(answer.apiKey);
      setMessage(done);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : t("failed"));
    }
  };

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-zinc-700 p-4" aria-labelledby="merchant-settings">
      <h2 id="merchant-settings" className="text-2xl font-bold">
        {t("title")}
      </h2>
      <p className="text-zinc-300">{t("intro")}</p>
      <p>{state.menuImportedAt ? t("menuImported", { count: String(state.menu.length) }) : t("menuMissing")}</p>
      <MerchantPlatformStatus state={state} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() => void run({ action: "importMenu" }, t("imported"))}
        >
          {state.menuImportedAt ? t("refreshMenu") : t("importMenu")}
        </Button>
        <Button
          variant="primary"
          disabled={pending || !state.menuImportedAt}
          onClick={() => void run({ action: "onboard" }, t("onboarded"))}
        >
          {t("onboard")}
        </Button>
        <Button variant="outline" disabled={pending} onClick={() => void run({ action: "rotateKey" }, t("rotated"))}>
          {t("rotateKey")}
        </Button>
      </div>
      {apiKey && (
        <p className="rounded-md border border-stale p-2" data-testid="merchant-api-key">
          {t("keyOnce")} <code className="break-all">{apiKey}</code>
        </p>
      )}
      {message && <p role="status">{message}</p>}

      <fieldset className="flex flex-col gap-2 border-t border-zinc-700 pt-3">
        <legend className="text-xl font-bold">{t("auto.title")}</legend>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-6"
            checked={settings.enabled}
            onChange={(event) => setAuto({ ...settings, enabled: event.target.checked })}
          />
          {t("auto.enabled")}
        </label>
        <div className="flex flex-wrap gap-4">
          {TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-6"
                checked={settings.types.includes(type)}
                onChange={(event) =>
                  setAuto({
                    ...settings,
                    types: event.target.checked ? [...settings.types, type] : settings.types.filter((x) => x !== type),
                  })
                }
              />
              {t(`auto.type.${type}`)}
            </label>
          ))}
        </div>
        <div className="flex flex-wrap gap-4">
          <Field label={t("auto.from")}>
            <input
              type="time"
              className={INPUT}
              value={settings.hours?.start ?? ""}
              onChange={(event) =>
                setAuto({
                  ...settings,
                  hours: event.target.value ? { start: event.target.value, end: settings.hours?.end ?? "23:59" } : null,
                })
              }
            />
          </Field>
          <Field label={t("auto.to")}>
            <input
              type="time"
              className={INPUT}
              value={settings.hours?.end ?? ""}
              onChange={(event) =>
                setAuto({
                  ...settings,
                  hours: event.target.value
                    ? { start: settings.hours?.start ?? "00:00", end: event.target.value }
                    : null,
                })
              }
            />
          </Field>
          <Field label={t("auto.cap")}>
            <input
              type="number"
              min={1}
              max={100}
              className={`${INPUT} w-20`}
              value={settings.cap}
              onChange={(event) => setAuto({ ...settings, cap: Number(event.target.value) || 1 })}
            />
          </Field>
          <Field label={t("auto.preparation")}>
            <input
              type="number"
              min={1}
              max={240}
              className={`${INPUT} w-20`}
              value={settings.preparationMinutes}
              onChange={(event) => setAuto({ ...settings, preparationMinutes: Number(event.target.value) || 1 })}
            />
          </Field>
        </div>
        <Button
          variant="primary"
          className="self-start"
          disabled={pending}
          onClick={() => void run({ action: "autoAccept", settings }, t("auto.saved"))}
        >
          {t("auto.save")}
        </Button>
      </fieldset>
    </section>
  );
}

/** A setting's input with its words before it, one tap target. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex items-center gap-2">
      {label}
      {children}
    </label>
  );
}
