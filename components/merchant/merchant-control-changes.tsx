"use client";

import { useFormatter, useTranslations } from "next-intl";
import { PAUSE_END_ACTOR, type ControlChange } from "@/lib/contract/merchant-state";
import { PACING_ACTOR } from "@/lib/orders/pacing";

/**
 * Operations: who paused, reopened or set busy mode lately, newest first — a person by name,
 * kitchen pacing as "automático" with the load it saw (issue 27), a channel paused alone by name (issue 28).
 */
export function MerchantControlChanges({ changes }: { changes: readonly ControlChange[] }) {
  const t = useTranslations("merchant.changes");
  const format = useFormatter();
  if (changes.length === 0) return null;
  const what = (change: ControlChange) =>
    change.change === "busy"
      ? change.minutes
        ? t("busy", { minutes: String(change.minutes) })
        : t("busyOff")
      : change.channel
        ? t(change.change === "pause" ? "pauseChannel" : "resumeChannel", { channel: change.channel })
        : t(change.change);
  const who = (change: ControlChange) =>
    change.actor === PACING_ACTOR && change.pacing
      ? t("automatic", { load: String(change.pacing.load), capacity: String(change.pacing.capacity) })
      : change.actor === PAUSE_END_ACTOR
        ? t("pauseEnded")
        : change.actor;
  return (
    <section aria-label={t("title")} className="text-zinc-300">
      <h3 className="font-semibold">{t("title")}</h3>
      <ul data-testid="control-changes">
        {changes.map((change, index) => (
          <li key={`${change.at}-${index}`}>
            {format.dateTime(new Date(change.at), { dateStyle: "short", timeStyle: "short" })} · {what(change)} —{" "}
            {who(change)}
          </li>
        ))}
      </ul>
    </section>
  );
}
