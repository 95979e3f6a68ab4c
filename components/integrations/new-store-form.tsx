"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { apiRequest } from "@/lib/contract/client";
import { newStoreAnswerSchema } from "@/lib/contract/integration-settings";
import { useFailureText } from "./integration-form";
import { baseUrlProblem, settingsBody } from "./settings-form";
import { SettingField } from "./setting-field";
import { SettingsFields } from "./settings-fields";

/** Admins add a store by its merchant id; polling starts at once. */
export function NewStoreForm({
  defaults,
}: {
  defaults: { pollIntervalSeconds: number; confirmDeadlineMinutes: number };
}) {
  const t = useTranslations("integrations");
  const router = useRouter();
  const failureText = useFailureText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // onSubmit, not a form action: an action resets the form, and a refused store must keep what was typed.
  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const invalid = baseUrlProblem(data);
    if (invalid) return setError(t(invalid));
    setBusy(true);
    setError(null);
    const id = String(data.get("id") ?? "").trim();
    const created = await apiRequest(newStoreAnswerSchema, "/api/manager/stores", {
      method: "POST",
      body: { id, ...settingsBody(data) },
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
      <form onSubmit={(event) => void create(event)} className="mt-3 flex flex-col gap-4" aria-label={t("newStore")}>
        <p className="text-zinc-300">{t("newStoreIntro")}</p>
        <SettingField label={t("fields.merchantId")} name="id" required />
        <SettingsFields view={null} defaults={defaults} />
        <Button variant="primary" size="lg" type="submit" disabled={busy}>
          {t("create")}
        </Button>
        {error && <Notice tone="error">{error}</Notice>}
      </form>
    </details>
  );
}
