import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";

/** Date and time in the store's zone, e.g. "22/11/2026 21:40". */
export function formatDateTime(
  locale: string,
  iso: string | null | undefined,
  withSeconds = false,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    dateStyle: "short",
    timeStyle: withSeconds ? "medium" : "short",
  }).format(date);
}

/** A calendar day (YYYY-MM-DD, already in the store's zone) in the viewer's words. */
export function formatDay(locale: string, day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { timeZone: "UTC", dateStyle: "short" }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}
