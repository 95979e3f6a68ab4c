"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { MerchantState } from "@/lib/contract/merchant-state";

/** The platform's merchantStatus (its last read of our merchant endpoint), for Integrations and Operations. */
export function MerchantPlatformStatus({ state }: { state: MerchantState }) {
  const t = useTranslations("merchantSettings");
  const format = useFormatter();
  const read = state.platformRead;
  return (
    <p data-testid="merchant-platform-status" className={read?.status === "FAIL" ? "text-overdue" : "text-zinc-300"}>
      {!state.onboardedAt
        ? t("notOnboarded")
        : !read
          ? t("statusUnknown")
          : t("status", {
              status: t(`read.${read.status === "SUCCESS" || read.status === "FAIL" ? read.status : "PROCESSING"}`),
              time: format.dateTime(new Date(read.lastRead), { dateStyle: "short", timeStyle: "medium" }),
            })}
      {read?.moreInfo ? ` — ${read.moreInfo}` : ""}
    </p>
  );
}
