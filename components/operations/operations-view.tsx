"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { Notice } from "@/components/ui/notice";
import type { Operations } from "@/lib/contract/manager";
import { operationsQueryOptions } from "./operations-query";
import { MerchantOperationsLine } from "@/components/merchant/merchant-operations-line";
import { StoreOperationsCard } from "./store-operations-card";

/** Every store's connection health, asked again every few seconds. */
export function OperationsView({ initial }: { initial: Operations }) {
  const t = useTranslations("operations");
  const format = useFormatter();
  const query = useQuery({
    ...operationsQueryOptions,
    initialData: initial,
    initialDataUpdatedAt: Date.parse(initial.generatedAt),
  });
  const data = query.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-zinc-400" aria-live="off">
        {t("updated", { time: format.dateTime(new Date(data.generatedAt), { timeStyle: "medium" }) })}
      </p>
      {query.isError && <Notice tone="error">{t("loadFailed")}</Notice>}
      {data.syncError && <Notice tone="error">{t(`syncErrors.${data.syncError}`)}</Notice>}
      {data.stores.length === 0 && <p className="text-lg">{t("noStores")}</p>}
      {data.stores.map((store) => (
        <div key={store.id}>
          <StoreOperationsCard store={store} now={Date.parse(data.generatedAt)} />
          {store.id === store.storeId && <MerchantOperationsLine storeId={store.storeId} name={store.name} />}
        </div>
      ))}
    </div>
  );
}
