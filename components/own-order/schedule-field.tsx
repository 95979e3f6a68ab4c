"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import type { Draft } from "./draft";
import { parseSchedule } from "./schedule";

/**
 * "Agendar para" (issue 30): blank for now, or a time typed as said — "19:30", "28/11 19:30". The
 * field reads back the day and time it understood, says when it understood nothing, and refuses a
 * time already past (the server refuses it too). A scheduled order waits in the board's Scheduled
 * lane until its preparation time, as a platform's scheduled order does.
 */
export function ScheduleField({ draft, update }: { draft: Draft; update: (change: Partial<Draft>) => void }) {
  const t = useTranslations("ownOrder.form");
  const tErrors = useTranslations("ownOrder.errors");
  const locale = useLocale();
  // When the form opened: enough to say "already past" while typing (the server checks on its clock).
  const [openedAt] = useState(() => new Date());
  const typed = draft.scheduledFor ?? "";
  const at = parseSchedule(typed, openedAt);
  const error = at === undefined ? t("scheduledInvalid") : at && at < openedAt ? tErrors("scheduledInPast") : undefined;
  const understood = at
    ? t("scheduledAt", {
        time: new Intl.DateTimeFormat(locale, {
          weekday: "short",
          day: "2-digit",
          month: "2-digit",
          hour: "2-digit",
          minute: "2-digit",
        }).format(at),
      })
    : t("scheduledHint");
  return (
    <Field label={t("scheduledFor")} id="own-order-schedule" hint={error ? undefined : understood} error={error}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          placeholder={t("scheduledPlaceholder")}
          value={typed}
          onChange={(event) => update({ scheduledFor: event.target.value })}
        />
      )}
    </Field>
  );
}

/** Whether the typed time stops the order from being sent (not a time, or already past). */
export function scheduleRefused(draft: Draft, now: Date): boolean {
  const at = parseSchedule(draft.scheduledFor ?? "", now);
  return at === undefined || (at !== null && at < now);
}
