import { useLocale, useTranslations } from "next-intl";
import { formatDuration } from "@/lib/format/duration";
import { failureKind } from "./failure-words";

/**
 * A stored failure in the viewer's words, the original sentence behind a toggle (for support).
 * `duration` writes a timeout in the unit the rest of its section uses (seconds by default).
 */
export function FailureText({ message, duration }: { message: string; duration?: (seconds: number) => string }) {
  const t = useTranslations("platformFailure");
  const locale = useLocale();
  const written = duration ?? ((seconds: number) => formatDuration(locale, seconds, "second"));
  const kind = failureKind(message);
  const sentence = (() => {
    switch (kind.kind) {
      case "http":
        return kind.status >= 500
          ? t("serverError", { status: String(kind.status) })
          : kind.status === 401 || kind.status === 403
            ? t("refusedCredentials", { status: String(kind.status) })
            : kind.status === 429
              ? t("tooManyRequests")
              : t("refused", { status: String(kind.status) });
      case "timeout":
        return kind.seconds === null ? t("noAnswer") : t("timeout", { duration: written(kind.seconds) });
      case "noAnswer":
        return t("noAnswer");
      case "redirect":
        return t("redirect", { status: String(kind.status) });
      case "internal":
        return t("internal");
      case "other":
        return t("other");
    }
  })();
  return (
    <span className="flex flex-col">
      <span>{sentence}</span>
      <details data-technical className="text-base text-zinc-400">
        <summary className="cursor-pointer">{t("technicalDetail")}</summary>
        {/* The platform's own sentence, for support: English, and marked so. */}
        <code lang="en" data-raw className="break-all">
          {message}
        </code>
      </details>
    </span>
  );
}
