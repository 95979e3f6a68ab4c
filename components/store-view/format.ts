import type { getFormatter, getTranslations } from "next-intl/server";
import { shortTime } from "@/lib/platform/store-api/hours";
import type { FeeRule, Money } from "@/lib/platform/store-api/types";

// Words for money and fee rules, shared by the store page's server components.

export type Formatter = Awaited<ReturnType<typeof getFormatter>>;
export type StoreViewT = Awaited<ReturnType<typeof getTranslations<"storeView">>>;

export const formatMoney = (format: Formatter, money: Money | null): string | null =>
  money ? format.number(money.value, { style: "currency", currency: money.currency }) : null;

/** The fee an area is labelled with on the map: its usual (fixed) price. */
export function mainFee(format: Formatter, rule: FeeRule | null): string | null {
  return formatMoney(format, rule?.fixedPrice ?? rule?.dynamicPrice ?? null);
}

/** The whole rule in one line: the usual fee, and when it is free or dearer. */
export function feeText(t: StoreViewT, format: Formatter, rule: FeeRule | null): string {
  const fee = mainFee(format, rule);
  if (!rule || fee === null) return t("feeNone");
  const type = rule.type.toUpperCase();
  const minimum = formatMoney(format, rule.freeAbove);
  if (type === "FREE_ABOVE_MINIMUM" && minimum) return t("feeFree", { fee, minimum });
  const dynamic = formatMoney(format, rule.dynamicPrice);
  if (type === "DYNAMIC" && dynamic && rule.dynamicStart && rule.dynamicEnd) {
    return t("feeDynamic", { fee, dynamic, start: shortTime(rule.dynamicStart), end: shortTime(rule.dynamicEnd) });
  }
  if (type === "FIXED" || type === "DYNAMIC" || type === "FREE_ABOVE_MINIMUM") return t("feeFixed", { fee });
  return t("feeOther", { fee, type: rule.type });
}

/** "Domingo" for weekday 0, in the page's language (4 Jan 2026 was a Sunday); only the first letter raised. */
export function weekdayName(format: Formatter, weekday: number): string {
  const name = format.dateTime(new Date(Date.UTC(2026, 0, 4 + weekday, 12)), { weekday: "long", timeZone: "UTC" });
  return name.charAt(0).toUpperCase() + name.slice(1);
}
