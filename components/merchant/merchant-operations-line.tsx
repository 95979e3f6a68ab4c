"use client";

import { useTranslations } from "next-intl";
import { useMerchantControls } from "@/components/board/use-merchant-controls";
import { MerchantPlatformStatus } from "./merchant-platform-status";

/** Operations: a store's merchant state in one line — paused or open, unconfirmed updates, the platform's last read. */
export function MerchantOperationsLine({ storeId }: { storeId: string }) {
  const t = useTranslations("merchant");
  const { state } = useMerchantControls(storeId);
  if (!state) return null;
  return (
    <div className="flex flex-col gap-1 px-4 pb-3" data-testid="merchant-operations" data-store={storeId}>
      <p className={state.paused ? "font-semibold text-overdue" : "text-go"}>
        {state.paused ? t("pausedUntilReopened") : t("open")}
        {state.unconfirmed > 0 ? ` · ${t("changeUnconfirmed")}` : ""}
        {state.lastSyncError ? ` (${state.lastSyncError})` : ""}
      </p>
      <MerchantPlatformStatus state={state} />
    </div>
  );
}
