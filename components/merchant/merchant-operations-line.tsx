"use client";

import { useTranslations } from "next-intl";
import { TechnicalDetails } from "@/components/ui/technical-details";
import { StorePause } from "@/components/board/controls/store-pause";
import { useMerchantControls } from "@/components/board/controls/use-merchant-controls";
import { MerchantControlChanges } from "./merchant-control-changes";
import { MerchantPlatformStatus } from "./merchant-platform-status";

/**
 * Operations: a store's merchant state and controls — the board header's pause (with its time
 * left), busy mode and sold-out list, so the back office can pause too — then the last error
 * sending a change, the platform's last read, and who paused or set busy mode lately.
 */
export function MerchantOperationsLine({ storeId, name }: { storeId: string; name: string }) {
  const t = useTranslations("merchant");
  const tDetails = useTranslations("platformFailure");
  const { state } = useMerchantControls(storeId);
  if (!state) return null;
  return (
    <div className="flex flex-col gap-1 pb-3" data-testid="merchant-operations" data-store={storeId}>
      <StorePause stores={[{ id: storeId, name }]} />
      {state.lastSyncError && (
        <div className="px-4 text-stale">
          <p>{t("changeUnconfirmed")}</p>
          {/* The platform's own answer, for support: not the manager's first read. */}
          <TechnicalDetails summary={tDetails("technicalDetail")}>
            <p className="break-words">{state.lastSyncError}</p>
          </TechnicalDetails>
        </div>
      )}
      <div className="px-4">
        <MerchantPlatformStatus state={state} />
        <MerchantControlChanges changes={state.controlChanges ?? []} />
      </div>
    </div>
  );
}
