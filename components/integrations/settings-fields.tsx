"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { IntegrationView } from "@/lib/contract/integration-settings";
import { TechnicalDetails } from "@/components/ui/technical-details";
import { SettingField } from "./setting-field";

type SectionName = "interchange" | "admin" | "storeApi" | "polling";
type TextFieldName = "clientId" | "serviceId" | "adminClientId" | "adminUsername" | "storeApiClientId";
type SecretFieldName = "clientSecret" | "adminClientSecret" | "adminPassword" | "storeApiClientSecret";

/** One group of settings: a titled box with its inputs in two columns. */
function SettingsSection({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border-2 border-zinc-700 p-4">
      <legend className="px-1 text-xl font-bold">{title}</legend>
      <div className="grid gap-3 md:grid-cols-2">{children}</div>
      {footer}
    </fieldset>
  );
}

/**
 * The settings inputs, for an existing store (secrets shown only as set or not) or a new one:
 * the manager's settings in view, the platform's access details under "Detalhes técnicos".
 */
export function SettingsFields({
  view,
  defaults,
  joinsConnection = false,
}: {
  view: IntegrationView | null;
  defaults: { pollIntervalSeconds: number; confirmDeadlineMinutes: number };
  /** A new store joining an existing connection: its base URL, credentials and interval are the connection's. */
  joinsConnection?: boolean;
}) {
  const t = useTranslations("integrations");
  const sectionTitle = (name: SectionName) => t(`sections.${name}`);
  const textField = (name: TextFieldName, value: string | null | undefined) => (
    <SettingField label={t(`fields.${name}`)} name={name} defaultValue={value ?? ""} />
  );
  // A secret is never sent back: the hint says whether one is stored.
  const secretHint = (set: boolean | undefined) =>
    view === null ? t("secretRequiredNew") : set ? t("secretSet") : t("secretNotSet");
  // Optional credentials (admin, store API) that are not configured have no secret, even on a new store.
  const optionalSecretHint = (configured: unknown, set: boolean | undefined) =>
    configured ? secretHint(set) : t("secretNotSet");
  const secretField = (name: SecretFieldName, hint: string, required?: boolean) => (
    <SettingField label={t(`fields.${name}`)} name={name} type="password" hint={hint} required={required} />
  );
  // What a manager sets (name, how often, how long to confirm) first; the platform's access
  // details (addresses, ids, secrets) collapsed under "Detalhes técnicos": same inputs, same names.
  // The name is the restaurant's, not the channel's: the label says so, and what saving it does.
  return (
    <>
      <SettingField
        label={t(view ? "fields.restaurantName" : "fields.newRestaurantName")}
        name="name"
        defaultValue={view?.name}
        hint={t(view ? "fields.restaurantNameHint" : "fields.newRestaurantNameHint")}
        required
      />
      <SettingsSection
        title={sectionTitle("polling")}
        footer={
          <label className="flex min-h-12 items-center gap-3 text-lg font-semibold">
            <input
              name="enabled"
              type="checkbox"
              defaultChecked={view?.enabled ?? true}
              className="h-7 w-7 accent-emerald-400"
            />
            {t("fields.enabled")}
          </label>
        }
      >
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
      </SettingsSection>
      {view && (
        <p className="text-zinc-300">
          {t("connectionShared", { name: view.connection.name, count: view.connection.stores })}
        </p>
      )}
      <TechnicalDetails summary={t("technical")}>
        <p className="text-zinc-300">{t("technicalIntro")}</p>
        {view && (
          <p className="text-zinc-300">
            {t.rich("storeCode", {
              id: view.id,
              code: (chunks) => <code className="font-mono break-all">{chunks}</code>,
            })}
          </p>
        )}
        <SettingsSection title={sectionTitle("interchange")}>
          {!joinsConnection && (
            <>
              <SettingField
                label={t("fields.baseUrl")}
                name="baseUrl"
                type="url"
                defaultValue={view?.baseUrl}
                hint={t("fields.baseUrlHint")}
                required
              />
              <SettingField label={t("fields.clientId")} name="clientId" defaultValue={view?.clientId} required />
              {secretField("clientSecret", secretHint(view?.clientSecretSet), view === null)}
            </>
          )}
          {textField("serviceId", view?.serviceId)}
        </SettingsSection>
        <SettingsSection title={sectionTitle("admin")}>
          {textField("adminClientId", view?.admin?.clientId)}
          {secretField("adminClientSecret", optionalSecretHint(view?.admin, view?.admin?.clientSecretSet))}
          {textField("adminUsername", view?.admin?.username)}
          {secretField("adminPassword", optionalSecretHint(view?.admin, view?.admin?.passwordSet))}
        </SettingsSection>
        <SettingsSection title={sectionTitle("storeApi")}>
          {textField("storeApiClientId", view?.storeApi?.clientId)}
          {secretField("storeApiClientSecret", optionalSecretHint(view?.storeApi, view?.storeApi?.clientSecretSet))}
        </SettingsSection>
      </TechnicalDetails>
    </>
  );
}
