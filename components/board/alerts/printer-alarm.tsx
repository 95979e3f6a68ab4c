"use client";

import { useTranslations } from "next-intl";
import type { PrinterAlarmStatus } from "@/lib/contract/stream";
import { AlertBanner } from "./alert-banner";

/**
 * A kitchen printer holding tickets for more than 30 s (the status feed says which): the cooks may
 * be waiting for paper that is not coming. Shown until the printer takes them.
 */
export function PrinterAlarmBanner({ alarms }: { alarms: readonly PrinterAlarmStatus[] | undefined }) {
  const t = useTranslations("alerts");
  if (!alarms || alarms.length === 0) return null;
  return (
    <AlertBanner kind="printers" className="text-xl" data-testid="printer-alarm">
      {alarms.map((alarm) => (
        <p key={`${alarm.storeId}:${alarm.printer}`}>
          <span aria-hidden="true">🖨 </span>
          {t("printers", { printer: alarm.printer, count: alarm.waiting })}
        </p>
      ))}
    </AlertBanner>
  );
}
