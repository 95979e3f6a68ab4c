"use client";

import { useTranslations } from "next-intl";
import type { StopCooking } from "./alarm-policy";
import type { ConnectionAlarm } from "../stream/connection-state";
import { AlertBanner } from "./alert-banner";

/** The red line across the board when it may be missing orders. Never silent: the alarm sounds too. */
export function ConnectionBanner({
  alarm,
  downChannels,
}: {
  alarm: ConnectionAlarm;
  /** A restaurant of several channels: the labels of those down, said after its name (issue 28). */
  downChannels?: ReadonlyMap<string, readonly string[]>;
}) {
  const t = useTranslations("alerts.connection");
  const ago = useAgo();
  if (alarm.streamDownSeconds === null && !alarm.databaseDown && alarm.storesDown.length === 0) return null;
  return (
    // The seconds are aria-hidden: inside an alert, a counter would be read out every second.
    <AlertBanner kind="connection" className="text-xl">
      {alarm.streamDownSeconds !== null ? (
        <p>
          <span aria-hidden="true">⚠ </span>
          {t("streamDown")}{" "}
          <span aria-hidden="true">({t("downFor", { seconds: String(alarm.streamDownSeconds) })})</span>
        </p>
      ) : alarm.databaseDown ? (
        <p>
          <span aria-hidden="true">⚠ </span>
          {t("databaseDown")}
        </p>
      ) : (
        <p>
          <span aria-hidden="true">⚠ </span>
          {t("storesDown")}
          {alarm.storesDown.map((store) => (
            <span key={store.id}>
              {" "}
              {store.name}
              {downChannels?.get(store.id) ? ` · ${downChannels.get(store.id)!.join(", ")}` : ""}{" "}
              <span aria-hidden="true">({ago(store.seconds)})</span>
            </span>
          ))}
        </p>
      )}
    </AlertBanner>
  );
}

/** An order the kitchen may be cooking was cancelled: stop, until someone says they saw it. */
export function StopCookingBanner({
  orders,
  onAcknowledge,
}: {
  orders: readonly StopCooking[];
  onAcknowledge: () => void;
}) {
  const t = useTranslations("alerts.stopCooking");
  if (orders.length === 0) return null;
  const ids = orders.map((order) => order.displayId).join(", ");
  return (
    <AlertBanner
      kind="stopCooking"
      tone="stop"
      className="text-2xl"
      action={{ label: t("acknowledge"), onClick: onAcknowledge }}
    >
      <p>
        <span aria-hidden="true">⚠ </span>
        {t("title")} — {t("body", { count: orders.length, ids })}
      </p>
    </AlertBanner>
  );
}

/**
 * Orders the platform cancelled because nobody confirmed them in time (issue 27): how many and
 * which, until someone says they saw it (the board rings meanwhile). Not a folded "✕ 15".
 */
export function MissedConfirmsBanner({
  orders,
  onAcknowledge,
}: {
  orders: readonly StopCooking[];
  onAcknowledge: () => void;
}) {
  const t = useTranslations("kitchen.missedConfirms");
  if (orders.length === 0) return null;
  const ids = orders.map((order) => order.displayId).join(", ");
  return (
    <AlertBanner
      kind="missedConfirms"
      className="text-xl"
      action={{ label: t("acknowledge"), onClick: onAcknowledge }}
      data-missed-confirms={orders.length}
    >
      <p>
        <span aria-hidden="true">✕ </span>
        {t("body", { count: orders.length, ids })}
      </p>
    </AlertBanner>
  );
}

/** "2 s ago", "3 min ago", "never": the platform's last answer, in the board's language. */
export function useAgo(): (seconds: number | null) => string {
  const t = useTranslations("alerts.contact");
  return (seconds) => {
    if (seconds === null) return t("never");
    return seconds < 120
      ? t("agoSeconds", { seconds: String(seconds) })
      : t("agoMinutes", { minutes: String(Math.floor(seconds / 60)) });
  };
}
