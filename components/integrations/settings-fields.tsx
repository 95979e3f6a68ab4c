"use client";

import { useTranslations } from "next-intl";
import type { IntegrationView } from "@/lib/contract/integration-settings";
import { SettingField } from "./setting-field";

/** The settings inputs, for an existing store (secrets shown only as set or not) or a new one. */
export function SettingsFields({
  view,
  defaults,
}: {
  view: IntegrationView | null;
  defaults: { pollIntervalSeconds: number; confirmDeadlineMinutes: number };
}) {
  const t = useTranslations("integrations");
  const secretHint = (set: boolean | undefined) =>
    view === null ? t("secretRequiredNew") : set ? t("secretSet") : t("secretNotSet");
  const section = "flex flex-col gap-3 rounded-lg border-2 border-zinc-700 p-4";
  const grid = "grid gap-3 md:grid-cols-2";
  return (
    <>
      <fieldset className={section}>
        <legend className="px-1 text-xl font-bold">{t("sections.interchange")}</legend>
        <div className={grid}>
          <SettingField label={t("fields.name")} name="name" defaultValue={view?.name} required />
          <SettingField
            label={t("fields.baseUrl")}
            name="baseUrl"
            type="url"
            defaultValue={view?.baseUrl}
            hint={t("fields.baseUrlHint")}
            required
          />
          <SettingField label={t("fields.clientId")} name="clientId" defaultValue={view?.clientId} required />
          <SettingField
            label={t("fields.clientSecret")}
            name="clientSecret"
            type="password"
            hint={secretHint(view?.clientSecretSet)}
            required={view === null}
          />
          <SettingField label={t("fields.serviceId")} name="serviceId" defaultValue={view?.serviceId ?? ""} />
        </div>
      </fieldset>
      <fieldset className={section}>
        <legend className="px-1 text-xl font-bold">{t("sections.admin")}</legend>
        <div className={grid}>
          <SettingField
            label={t("fields.adminClientId")}
            name="adminClientId"
            defaultValue={view?.admin?.clientId ?? ""}
          />
          <SettingField
            label={t("fields.adminClientSecret")}
            name="adminClientSecret"
            type="password"
            hint={view?.admin ? secretHint(view.admin.clientSecretSet) : t("secretNotSet")}
          />
          <SettingField
            label={t("fields.adminUsername")}
            name="adminUsername"
            defaultValue={view?.admin?.username ?? ""}
          />
          <SettingField
            label={t("fields.adminPassword")}
            name="adminPassword"
            type="password"
            hint={view?.admin ? secretHint(view.admin.passwordSet) : t("secretNotSet")}
          />
        </div>
      </fieldset>
      <fieldset className={section}>
        <legend className="px-1 text-xl font-bold">{t("sections.storeApi")}</legend>
        <div className={grid}>
          <SettingField
            label={t("fields.storeApiClientId")}
            name="storeApiClientId"
            defaultValue={view?.storeApi?.clientId ?? ""}
          />
          <SettingField
            label={t("fields.storeApiClientSecret")}
            name="storeApiClientSecret"
            type="password"
            hint={view?.storeApi ? secretHint(view.storeApi.clientSecretSet) : t("secretNotSet")}
          />
        </div>
      </fieldset>
      <fieldset className={section}>
        <legend className="px-1 text-xl font-bold">{t("sections.polling")}</legend>
        <div className={grid}>
          <SettingField
            label={t("fields.pollIntervalSeconds")}
            name="pollIntervalSeconds"
            type="number"
            step="0.5"
            min={0.5}
            max={3600}
            defaultValue={view?.pollIntervalSeconds ?? defaults.pollIntervalSeconds}
            required
          />
          <SettingField
            label={t("fields.confirmDeadlineMinutes")}
            name="confirmDeadlineMinutes"
            type="number"
            step="1"
            min={1}
            max={240}
            defaultValue={view?.confirmDeadlineMinutes ?? defaults.confirmDeadlineMinutes}
            required
          />
        </div>
        <label className="flex min-h-12 items-center gap-3 text-lg font-semibold">
          <input
            name="enabled"
            type="checkbox"
            defaultChecked={view?.enabled ?? true}
            className="h-7 w-7 accent-emerald-400"
          />
          {t("fields.enabled")}
        </label>
      </fieldset>
    </>
  );
}
