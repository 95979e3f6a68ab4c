"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DEFAULT_PACING, kitchenSettingsSchema, type KitchenSettings } from "@/lib/contract/kitchen-settings";
import { apiRequest } from "@/lib/contract/client";
import { useErrorText } from "@/components/use-error-text";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

/**
 * The manager sets how a store's kitchen works: the card's default preparation time, the
 * "preparing" report, and pacing (busy mode and pause from the kitchen's load, docs/kitchen.md).
 */
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
  const pacing = values?.pacing ?? DEFAULT_PACING;
  const setPacing = (change: Partial<typeof pacing>) =>
    values && setDraft({ ...values, pacing: { ...pacing, ...change } });
  const limitTooLow = pacing.hardLimit <= pacing.capacity;
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
            if (!limitTooLow) save.mutate(values);
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
          <fieldset className="flex w-full flex-wrap items-end gap-4 rounded-lg border border-zinc-700 p-3">
            <legend className="px-1 text-lg font-semibold">{t("pacing.title")}</legend>
            <label className="flex min-h-12 w-full items-center gap-3 text-lg">
              <input
                type="checkbox"
                className="size-6"
                checked={pacing.enabled}
                onChange={(event) => setPacing({ enabled: event.target.checked })}
              />
              {t("pacing.enabled")}
            </label>
            <Field label={t("pacing.capacity")} hint={t("pacing.capacityHint")}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={500}
                  required
                  value={pacing.capacity}
                  onChange={(event) => setPacing({ capacity: Number(event.target.value) })}
                />
              )}
            </Field>
            <Field
              label={t("pacing.hardLimit")}
              hint={t("pacing.hardLimitHint")}
              error={limitTooLow ? t("pacing.hardLimitAboveCapacity") : undefined}
            >
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={2}
                  max={1000}
                  required
                  value={pacing.hardLimit}
                  onChange={(event) => setPacing({ hardLimit: Number(event.target.value) })}
                />
              )}
            </Field>
          </fieldset>
          <Button type="submit" variant="primary" disabled={save.isPending || limitTooLow}>
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
