"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { kitchenSettingsSchema, type KitchenSettings } from "@/lib/contract/kitchen-settings";
import { apiRequest } from "@/lib/contract/client";
import { useErrorText } from "@/components/use-error-text";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

/** The manager sets how a store's kitchen works: the card's default preparation time, the "preparing" report. */
export function KitchenSettingsForm({ storeId }: { storeId: string }) {
  const t = useTranslations("kitchenSettings");
  const errorText = useErrorText();
  const url = `/api/manager/stores/${encodeURIComponent(storeId)}/kitchen`;
  const saved = useQuery({
    queryKey: ["kitchenSettings", storeId],
    queryFn: ({ signal }) => apiRequest(kitchenSettingsSchema, url, { signal }),
  });
  const [draft, setDraft] = useState<KitchenSettings | null>(null);
  const values = draft ?? saved.data;
  const save = useMutation({
    mutationFn: (settings: KitchenSettings) =>
      apiRequest(kitchenSettingsSchema, url, { method: "PUT", body: settings }),
    onSuccess: () => setDraft(null),
  });

  return (
    <section aria-labelledby="kitchen-settings-heading" className="flex flex-col gap-3 rounded-xl bg-zinc-900 p-4">
      <h2 id="kitchen-settings-heading" className="text-xl font-bold">
        {t("title")}
      </h2>
      {saved.isError && <Notice tone="error">{errorText(saved.error)}</Notice>}
      {values && (
        <form
          className="flex flex-wrap items-end gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(values);
          }}
        >
          <Field label={t("preparationMinutes")} hint={t("preparationHint")}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={240}
                required
                value={values.preparationMinutes}
                onChange={(event) => setDraft({ ...values, preparationMinutes: Number(event.target.value) })}
              />
            )}
          </Field>
          <label className="flex min-h-12 items-center gap-3 text-lg">
            <input
              type="checkbox"
              className="size-6"
              checked={values.reportPreparing}
              onChange={(event) => setDraft({ ...values, reportPreparing: event.target.checked })}
            />
            {t("reportPreparing")}
          </label>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {t("save")}
          </Button>
          {save.isSuccess && !draft && (
            <p role="status" className="text-lg text-zinc-300">
              {t("saved")}
            </p>
          )}
          {save.isError && <Notice tone="error">{errorText(save.error)}</Notice>}
        </form>
      )}
    </section>
  );
}
