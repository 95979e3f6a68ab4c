"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { OwnOrderForm } from "./own-order-form";

/** The order form in a dialog: the whole screen on a phone, nearly so on a tablet. */
export function OwnOrderDialog({
  stores,
  onClose,
  onTaken,
}: {
  stores: ReadonlyArray<{ id: string; name: string }>;
  onClose: () => void;
  onTaken: (displayId: string) => void;
}) {
  const t = useTranslations("ownOrder.form");
  const [storeId, setStoreId] = useState(stores[0]!.id);
  return (
    <Dialog
      frame="sheet"
      title={t("title")}
      closeLabel={t("close")}
      onClose={onClose}
      details={
        stores.length > 1 ? (
          <label className="flex items-center gap-2 text-lg">
            {t("store")}
            <select
              value={storeId}
              onChange={(event) => setStoreId(event.target.value)}
              className="min-h-12 rounded-lg border-2 border-zinc-600 bg-zinc-900 px-3 text-lg"
            >
              {stores.map((store) => (
                <option key={store.id} value={store.id}>
                  {store.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          // Seen from a tablet up: on a phone the screen's height is the form's.
          <span className="text-lg text-zinc-300 max-md:hidden">{stores[0]!.name}</span>
        )
      }
    >
      <OwnOrderForm key={storeId} storeId={storeId} onTaken={onTaken} />
    </Dialog>
  );
}
