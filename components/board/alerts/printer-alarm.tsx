"use client";

import { useTranslations } from "next-intl";
import type { PrinterAlarmStatus } from "@/lib/contract/stream";

/**
 * A kitchen printer holding tickets for more than 30 s (the status feed says which): the cooks may
 * be waiting for paper that is not coming. Shown until the printer takes them.
 */
export function PrinterAlarmBanner({ alarms }: { alarms: readonly PrinterAlarmStatus[] | undefined }) {
  const t = useTranslations("alerts");
  if (!alarms || alarms.length === 0) return null;
  return (
    <div
      role="alert"
      data-testid="printer-alarm"
      className="mx-2 mt-1 rounded-lg border-2 border-overdue bg-red-950 px-4 py-2 text-xl font-bold text-red-100"
    >
      {alarms.map((alarm) => (
        <p key={`${alarm.storeId}:${alarm.printer}`}>
          <span aria-hidden="true">🖨 </span>
          {t("printers", { printer: alarm.printer, count: alarm.waiting })}
        </p>
      ))}
    </div>
  );
}
