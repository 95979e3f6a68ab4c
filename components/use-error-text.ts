import { useTranslations } from "next-intl";
import { ApiError } from "@/lib/contract/client";

export interface ErrorTextOptions {
  /**
   * Forms whose server sentences name the exact problem (a taken PIN, a refused field) show that
   * sentence first; elsewhere the code's translated sentence comes first.
   */
  preferServerMessage?: boolean;
  /** The fallback when neither says anything, e.g. the feature's own "that did not work". */
  fallback?: string;
}

/** A failed BFF call in the user's language: the one code → sentence list (messages `errors`). */
export function useErrorText() {
  const t = useTranslations("errors");
  const tReason = useTranslations("errorReason");
  return (error: unknown, { preferServerMessage = false, fallback }: ErrorTextOptions = {}): string => {
    // Not an ApiError: fetch itself threw, there was no answer at all.
    if (!(error instanceof ApiError)) return t("network");
    // A reason the page has words for names the exact problem in the viewer's language.
    const reason = error.extra.reason;
    if (reason && tReason.has(reason as "pinTaken")) return tReason(reason as "pinTaken");
    const translated = error.code ? t(error.code) : null;
    const fromServer = error.serverMessage;
    return (preferServerMessage ? (fromServer ?? translated) : (translated ?? fromServer)) ?? fallback ?? t("failed");
  };
}
