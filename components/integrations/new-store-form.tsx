"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { openDetailsOfInvalid } from "@/components/ui/technical-details";
import { apiRequest } from "@/lib/contract/client";
import { newStoreAnswerSchema, type ConnectionChoice } from "@/lib/contract/integration-settings";
import { useFailureText } from "./integration-form";
import { baseUrlProblem, settingsBody } from "./settings-form";
import { SettingField } from "./setting-field";
import { ChannelFields } from "./channel-fields";
import { MerchantPicker } from "./merchant-picker";
import { SettingsFields } from "./settings-fields";

/**
 * Admins add a store by its code on the platform (the merchant id), on an existing platform
 * connection or a new one (with its credentials); polling starts at once. On a 2.0 connection the
 * store is picked from the merchants that authorised it (MerchantPicker); 1.x has no such list.
 */
export function NewStoreForm({
  defaults,
  connections,
  restaurants,
}: {
  defaults: { pollIntervalSeconds: number; confirmDeadlineMinutes: number };
  connections: ConnectionChoice[];
  /** Restaurants the new channel may join (or a new restaurant of its own). */
  restaurants: ReadonlyArray<{ id: string; name: string }>;
}) {
  const t = useTranslations("integrations");
  const router = useRouter();
  const failureText = useFailureText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // "" is a new connection, made from the credentials typed below.
  const [connectionId, setConnectionId] = useState("");
  // A 2.0 connection lists the merchants that authorised it: one is picked, not typed.
  const listsMerchants = connections.find((connection) => connection.id === connectionId)?.dialect === "2.0";

  // onSubmit, not a form action: an action resets the form, and a refused store must keep what was typed.
  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const invalid = connectionId ? null : baseUrlProblem(data);
    if (invalid) return setError(t(invalid));
    setBusy(true);
    setError(null);
    const id = String(data.get("id") ?? "").trim();
    const created = await apiRequest(newStoreAnswerSchema, "/api/manager/stores", {
      method: "POST",
      body: connectionId
        ? { id, ...settingsBody(data), connectionId, baseUrl: undefined, clientId: undefined, clientSecret: undefined }
        : { id, ...settingsBody(data) },
    }).catch((caught: unknown) => {
      setError(failureText(caught));
      return null;
    });
    setBusy(false);
    if (!created) return;
    router.push(`/manager/integrations?store=${encodeURIComponent(id)}&created=1`);
    router.refresh();
  }

  return (
    <details className="rounded-lg border-2 border-zinc-700 p-4">
      <summary className="flex min-h-12 cursor-pointer items-center text-2xl font-bold">{t("newStore")}</summary>
      <form
        onSubmit={(event) => void create(event)}
        onInvalidCapture={openDetailsOfInvalid}
        className="mt-3 flex flex-col gap-4"
        aria-label={t("newStore")}
      >
        <p className="text-zinc-300">{t("newStoreIntro")}</p>
        <label className="flex flex-col gap-1 text-lg font-semibold">
          {t("fields.connection")}
          <select
            name="connectionId"
            value={connectionId}
            onChange={(event) => setConnectionId(event.target.value)}
            className="min-h-12 rounded-lg border-2 border-zinc-600 bg-zinc-900 px-3 text-lg font-normal"
          >
            <option value="">{t("connectionNew")}</option>
            {connections.map((connection) => (
              <option key={connection.id} value={connection.id}>
                {t("connectionOption", { name: connection.name, count: connection.stores })}
              </option>
            ))}
          </select>
        </label>
        {listsMerchants ? (
          <MerchantPicker key={connectionId} connectionId={connectionId} fieldLabel={t("fields.merchantId")} />
        ) : (
          <SettingField label={t("fields.merchantId")} name="id" required />
        )}
        <ChannelFields view={null} restaurants={restaurants} />
        <SettingsFields view={null} defaults={defaults} joinsConnection={connectionId !== ""} />
        <Button variant="primary" size="lg" type="submit" disabled={busy}>
          {t("create")}
        </Button>
        {error && <Notice tone="error">{error}</Notice>}
      </form>
    </details>
  );
}
