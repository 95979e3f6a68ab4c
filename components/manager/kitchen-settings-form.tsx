"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SaveRow } from "./save-row";
import {
  DEFAULT_PACING,
  kitchenSettingsSchema,
  pizzaPricingSchema,
  type KitchenSettings,
} from "@/lib/contract/kitchen-settings";
import { apiRequest } from "@/lib/contract/client";
import { useErrorText } from "@/components/use-error-text";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

const PIZZA_PRICING_RULES = pizzaPricingSchema.options;

/**
 * The manager sets how a store's kitchen works: the card's default preparation time, the
 * "preparing" report, pacing (busy mode and pause from the kitchen's load, docs/kitchen.md) and how
 * its own orders price a half-and-half pizza.
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
          <NumberField
            label={t("preparationMinutes")}
            hint={t("preparationHint")}
            range={[1, 240]}
            value={values.preparationMinutes}
            onChange={(preparationMinutes) => setDraft({ ...values, preparationMinutes })}
          />
          <CheckboxRow
            label={t("reportPreparing")}
            checked={values.reportPreparing}
            onChange={(reportPreparing) => setDraft({ ...values, reportPreparing })}
          />
          <fieldset className="flex w-full flex-wrap items-end gap-4 rounded-lg border border-zinc-700 p-3">
            <legend className="px-1 text-lg font-semibold">{t("pacing.title")}</legend>
            <CheckboxRow
              label={t("pacing.enabled")}
              checked={pacing.enabled}
              onChange={(enabled) => setPacing({ enabled })}
            />
            <NumberField
              label={t("pacing.capacity")}
              hint={t("pacing.capacityHint")}
              range={[1, 500]}
              value={pacing.capacity}
              onChange={(capacity) => setPacing({ capacity })}
            />
            <NumberField
              label={t("pacing.hardLimit")}
              hint={t("pacing.hardLimitHint")}
              error={limitTooLow ? t("pacing.hardLimitAboveCapacity") : undefined}
              range={[2, 1000]}
              value={pacing.hardLimit}
              onChange={(hardLimit) => setPacing({ hardLimit })}
            />
          </fieldset>
          <fieldset className="flex w-full flex-wrap items-center gap-4 rounded-lg border border-zinc-700 p-3">
            <legend className="px-1 text-lg font-semibold">{t("pizzaPricing.title")}</legend>
            {PIZZA_PRICING_RULES.map((rule) => (
              <label key={rule} className="flex min-h-12 items-center gap-3 text-lg">
                <input
                  type="radio"
                  name="pizzaPricing"
                  className="size-6"
                  checked={(values.pizzaPricing ?? "highest") === rule}
                  onChange={() => setDraft({ ...values, pizzaPricing: rule })}
                />
                {t(`pizzaPricing.${rule}`)}
              </label>
            ))}
          </fieldset>
          <SaveRow
            save={save}
            edited={draft !== null}
            disabled={limitTooLow}
            labels={{ save: t("save"), saved: t("saved") }}
          />
        </form>
      )}
    </section>
  );
}

function NumberField(props: {
  label: string;
  hint: string;
  error?: string;
  range: [number, number];
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <Field label={props.label} hint={props.hint} error={props.error}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={props.range[0]}
          max={props.range[1]}
          required
          value={props.value}
          onChange={(event) => props.onChange(Number(event.target.value))}
        />
      )}
    </Field>
  );
}

function CheckboxRow(props: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex min-h-12 items-center gap-3 text-lg">
      <input
        type="checkbox"
        className="size-6"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      {props.label}
    </label>
  );
}
