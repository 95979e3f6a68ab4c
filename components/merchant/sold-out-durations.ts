import { useTranslations } from "next-intl";
import type { MerchantAction } from "@/lib/contract/merchant";

/** How long a sold-out mark lasts: the same four choices wherever an item is sold out. */
export type SoldOutUntil = Extract<MerchantAction, { action: "soldOut" }>["until"];

/** End of the store's day, 2 hours, 4 hours, or until someone restocks it by hand. */
export const SOLD_OUT_DURATIONS: readonly SoldOutUntil[] = ["endOfDay", 2, 4, "restocked"];

/** The words for a duration, in the viewer's language. */
export function useSoldOutUntilLabel(): (until: SoldOutUntil) => string {
  const t = useTranslations("merchant.soldOut");
  return (until) =>
    until === "endOfDay"
      ? t("endOfDay")
      : until === "restocked"
        ? t("untilRestocked")
        : t("hours", { hours: String(until) });
}

/** A <select>'s value back to a duration (what `String(until)` wrote). */
export function parseSoldOutUntil(value: string): SoldOutUntil {
  return value === "endOfDay" || value === "restocked" ? value : Number(value);
}
