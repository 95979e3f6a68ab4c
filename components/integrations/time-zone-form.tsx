"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useErrorText } from "@/components/use-error-text";
import { apiRequest } from "@/lib/contract/client";
import { storeTimeZoneAnswerSchema } from "@/lib/contract/store-time-zone";
import { BRAZIL_TIME_ZONES } from "@/lib/time/zones";

/** The store's time zone (Brazil's zones listed; days and hours of history and reports follow it). */
export function TimeZoneForm({ storeId, timeZone }: { storeId: string; timeZone: string }) {
  const t = useTranslations("storeTimeZone");
  const errorText = useErrorText();
  const router = useRouter();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  /** Saves the zone and shows how it went: it never rejects. */
  async function save(zone: string) {
    try {
      await apiRequest(storeTimeZoneAnswerSchema, `/api/manager/stores/${encodeURIComponent(storeId)}/time-zone`, {
        method: "PUT",
        body: { timeZone: zone },
      });
      setOutcome({ ok: true, text: t("saved") });
      router.refresh();
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error, { fallback: t("failed") }) });
    }
  }

  const zones = (BRAZIL_TIME_ZONES as readonly string[]).includes(timeZone)
    ? BRAZIL_TIME_ZONES
    : [timeZone, ...BRAZIL_TIME_ZONES];
  const now = new Date();
  const label = (zone: string) =>
    `${zone.replace(/^America\//, "").replace(/_/g, " ")} (${new Intl.DateTimeFormat("pt-BR", { timeZone: zone, hour: "2-digit", minute: "2-digit" }).format(now)})`;
  return (
    <form
      aria-label={t("title")}
      className="flex flex-col gap-3 rounded-lg border-2 border-zinc-700 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save(String(new FormData(event.currentTarget).get("timeZone") ?? ""));
      }}
    >
      <h2 className="text-2xl font-bold">{t("title")}</h2>
      <p className="text-zinc-300">{t("explain")}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t("label")}>
          {(control) => (
            <select {...control} name="timeZone" defaultValue={timeZone}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {label(zone)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button variant="outline" type="submit">
          {t("save")}
        </Button>
      </div>
      {outcome && <Notice tone={outcome.ok ? "success" : "error"}>{outcome.text}</Notice>}
    </form>
  );
}
