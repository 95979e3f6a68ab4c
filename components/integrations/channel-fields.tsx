"use client";

import { useTranslations } from "next-intl";
import type { IntegrationView } from "@/lib/contract/integration-settings";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { SettingField } from "./setting-field";

/**
 * What makes a platform a channel of a restaurant (issue 28): the short label and colour on its
 * cards, and the restaurant whose board receives its orders — one the manager runs (moving a
 * channel moves where its new orders go), or, for a new channel, a new restaurant of its own.
 */
export function ChannelFields({
  view,
  restaurants,
}: {
  view: IntegrationView | null;
  restaurants: ReadonlyArray<{ id: string; name: string }>;
}) {
  const t = useTranslations("integrations");
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border-2 border-zinc-700 p-4">
      <legend className="px-1 text-xl font-bold">{t("sections.channel")}</legend>
      <p className="text-zinc-300">{t("channelIntro")}</p>
      <div className="grid gap-3 md:grid-cols-3">
        <Field label={t("fields.restaurant")}>
          {(control) => (
            <Select
              {...control}
              name="restaurantId"
              defaultValue={view?.restaurantId ?? ""}
              choices={restaurants}
              anyLabel={view ? undefined : t("newRestaurant")}
            />
          )}
        </Field>
        <SettingField label={t("fields.label")} name="label" defaultValue={view?.label} required={view !== null} />
        <Field label={t("fields.color")}>
          {(control) => (
            <input
              {...control}
              name="color"
              type="color"
              defaultValue={view?.color ?? "#2563eb"}
              className="h-12 w-24"
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
