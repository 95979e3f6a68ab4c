"use client";

import { useTranslations } from "next-intl";
import type { CheckResult } from "@/lib/contract/manager";

const tone = {
  ok: "border-emerald-500 text-emerald-200",
  failed: "border-red-500 text-red-200",
  skipped: "border-zinc-500 text-zinc-300",
} as const;

/** One line per check: its name, a word for the outcome (not colour alone), and a sentence when it failed. */
export function ConnectionResults({ checks }: { checks: CheckResult[] }) {
  const t = useTranslations("integrations");
  const failed = checks.filter((check) => check.outcome === "failed").length;
  return (
    <div className="flex flex-col gap-2" role="status">
      <p className={`text-lg font-bold ${failed === 0 ? "text-emerald-300" : "text-red-300"}`}>
        {failed === 0 ? t("allOk") : t("someFailed", { count: failed })}
      </p>
      <ul aria-label={t("test")} className="flex flex-col gap-2">
        {checks.map((check) => (
          <li key={check.check} className={`rounded-lg border-l-8 bg-zinc-900 px-4 py-2 ${tone[check.outcome]}`}>
            <p className="text-lg font-semibold">
              {t(`check.${check.check}`)}: {t(`outcome.${check.outcome}`)}
            </p>
            <p className="text-base text-zinc-200">{sentence(check, t)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function sentence(check: CheckResult, t: ReturnType<typeof useTranslations<"integrations">>): string {
  if (check.problem) {
    const { code, host, status, reason, timeoutSeconds } = check.problem;
    // problemOf sets the field each code's sentence names (status for HTTP answers, the reason of an
    // unreachable host, the timeout's seconds); one the server left out reads as empty, as before.
    return t(`problem.${code}`, {
      host,
      status: status === undefined ? "" : String(status),
      reason: reason ?? "",
      seconds: timeoutSeconds === undefined ? "" : String(timeoutSeconds),
    });
  }
  if (check.outcome === "skipped") return t("notConfigured");
  if (check.check === "polling" && check.pending !== undefined) return t("pending", { count: check.pending });
  return "";
}
