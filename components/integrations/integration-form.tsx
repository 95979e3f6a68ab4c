"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { openDetailsOfInvalid } from "@/components/ui/technical-details";
import { useErrorText } from "@/components/use-error-text";
import { ApiError, apiRequest } from "@/lib/contract/client";
import { integrationAnswerSchema, type IntegrationView } from "@/lib/contract/integration-settings";
import { connectionChecksSchema, type CheckResult } from "@/lib/contract/manager";
import { ConnectionResults } from "./connection-results";
import { baseUrlProblem, SECRET_FIELDS, settingsBody } from "./settings-form";
import { ChannelFields } from "./channel-fields";
import { SettingsFields } from "./settings-fields";

/** Ours for the failures the server names by field (secrets), else the server's sentence. */
export function useFailureText() {
  const t = useTranslations("integrations");
  const errorText = useErrorText();
  return (error: unknown) => {
    const { field: name, reason } = error instanceof ApiError ? error.extra : {};
    const field = name ? SECRET_FIELDS[name] : undefined;
    if (field && (reason === "secretRequired" || reason === "secretForNewAddress"))
      return t(reason, { field: t(`fields.${field}`) });
    if (reason === "privateAddress") return t("privateAddress");
    return errorText(error, { preferServerMessage: true, fallback: t("failed") });
  };
}

/** One store's settings: save (applied at once) and test the connection with what is typed. */
export function IntegrationForm({
  view,
  defaults,
  restaurants,
}: {
  view: IntegrationView;
  defaults: { pollIntervalSeconds: number; confirmDeadlineMinutes: number };
  /** The restaurants the manager runs: where the channel may feed. */
  restaurants: ReadonlyArray<{ id: string; name: string }>;
}) {
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
    try {
      // The restaurant's name is sent only when it was changed here: a channel's save leaves its
      // restaurant's name alone (another channel's page may have renamed it since this one loaded).
      const { name, ...body } = settingsBody(data);
      const { changed = [] } = await apiRequest(integrationAnswerSchema, `${base}/integration`, {
        method: "PUT",
        body: name === view.name ? body : { ...body, name },
      });
      setMessage({ ok: true, text: changed.length > 0 ? t("saved") : t("savedNothing") });
      router.refresh();
    } catch (error) {
      setMessage({ ok: false, text: failureText(error) });
    } finally {
      setBusy(null);
    }
  }

  async function test() {
    if (!form.current?.reportValidity()) return;
    const invalid = baseUrlProblem(new FormData(form.current));
    if (invalid) return setMessage({ ok: false, text: t(invalid) });
    setBusy("test");
    setChecks(null);
    setMessage(null);
    try {
      const { checks } = await apiRequest(connectionChecksSchema, `${base}/test-connection`, {
        method: "POST",
        body: settingsBody(new FormData(form.current)),
      });
      setChecks(checks);
    } catch (error) {
      setMessage({ ok: false, text: failureText(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-zinc-300">
        {t(`source.${view.source === "env" || view.source === "sandbox" ? view.source : "manager"}`)}
      </p>
      {/* Remounted after each save, so the inputs show what was saved and the secret fields are empty again. */}
      <form
        key={view.updatedAt}
        ref={form}
        onSubmit={(event) => void save(event)}
        onInvalidCapture={openDetailsOfInvalid}
        className="flex flex-col gap-4"
        aria-label={t("storeChannel", { store: view.name, channel: view.label })}
      >
        <ChannelFields view={view} restaurants={restaurants} />
        <SettingsFields view={view} defaults={defaults} />
        <div className="flex flex-wrap gap-3">
          <Button variant="primary" size="lg" type="submit" disabled={busy !== null}>
            {busy === "save" ? t("saving") : t("save")}
          </Button>
          <Button variant="secondary" size="lg" disabled={busy !== null} onClick={() => void test()}>
            {busy === "test" ? t("testing") : t("test")}
          </Button>
        </div>
        <p className="text-zinc-400">{t("testIntro")}</p>
      </form>
      {message && <Notice tone={message.ok ? "success" : "error"}>{message.text}</Notice>}
      {checks && <ConnectionResults checks={checks} />}
    </div>
  );
}
