"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import type { IntegrationView } from "@/lib/stores/settings-view";
import { ConnectionResults } from "./connection-results";
import { baseUrlProblem, SECRET_FIELDS, sendJson, settingsBody, type ApiFailure, type CheckResult } from "./integration-api";
import { SettingsFields } from "./settings-fields";

export const primaryButton = "min-h-14 rounded-lg bg-go px-6 text-xl font-bold text-zinc-950 active:bg-emerald-300 disabled:opacity-60";
export const secondaryButton = "min-h-14 rounded-lg border-2 border-zinc-400 px-6 text-xl font-semibold active:bg-zinc-800 disabled:opacity-60";

/** The server's sentence, or ours for the failures it names by field (secrets). */
export function useFailureText() {
  const t = useTranslations("integrations");
  return (error: ApiFailure) => {
    const field = error.field ? SECRET_FIELDS[error.field] : undefined;
    if (field && (error.reason === "secretRequired" || error.reason === "secretForNewAddress")) return t(error.reason, { field: t(`fields.${field}`) });
    return error.message || t("failed");
  };
}

/** One store's settings: save (applied at once) and test the connection with what is typed. */
export function IntegrationForm({ view, defaults }: { view: IntegrationView; defaults: { pollIntervalSeconds: number; confirmDeadlineMinutes: number } }) {
  const t = useTranslations("integrations");
  const router = useRouter();
  const failureText = useFailureText();
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState<"save" | "test" | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [checks, setChecks] = useState<CheckResult[] | null>(null);
  const base = `/api/manager/stores/${encodeURIComponent(view.id)}`;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const invalid = baseUrlProblem(data);
    if (invalid) return setMessage({ ok: false, text: t(invalid) });
    setBusy("save");
    setMessage(null);
    const result = await sendJson<{ changed: string[] }>(`${base}/integration`, "PUT", settingsBody(data));
    setBusy(null);
    if (!result.ok) return setMessage({ ok: false, text: failureText(result.error) });
    setMessage({ ok: true, text: result.data.changed.length > 0 ? t("saved") : t("savedNothing") });
    router.refresh();
  }

  async function test() {
    if (!form.current?.reportValidity()) return;
    const invalid = baseUrlProblem(new FormData(form.current));
    if (invalid) return setMessage({ ok: false, text: t(invalid) });
    setBusy("test");
    setChecks(null);
    setMessage(null);
    const result = await sendJson<{ checks: CheckResult[] }>(`${base}/test-connection`, "POST", settingsBody(new FormData(form.current)));
    setBusy(null);
    if (result.ok) setChecks(result.data.checks);
    else setMessage({ ok: false, text: failureText(result.error) });
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-zinc-300">{t(`source.${view.source === "env" || view.source === "sandbox" ? view.source : "manager"}`)}</p>
      {/* Remounted after each save, so the inputs show what was saved and the secret fields are empty again. */}
      <form key={view.updatedAt} ref={form} onSubmit={(event) => void save(event)} className="flex flex-col gap-4" aria-label={view.name}>
        <SettingsFields view={view} defaults={defaults} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy !== null} className={primaryButton}>
            {busy === "save" ? t("saving") : t("save")}
          </button>
          <button type="button" disabled={busy !== null} onClick={() => void test()} className={secondaryButton}>
            {busy === "test" ? t("testing") : t("test")}
          </button>
        </div>
        <p className="text-zinc-400">{t("testIntro")}</p>
      </form>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={`rounded-md px-4 py-2 text-lg font-semibold ${message.ok ? "bg-emerald-950 text-emerald-200" : "bg-red-950 text-red-200"}`}>
          {message.text}
        </p>
      )}
      {checks && <ConnectionResults checks={checks} />}
    </div>
  );
}
