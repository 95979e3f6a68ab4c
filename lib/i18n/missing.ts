// What the UI shows for a message it does not have. next-intl's default fallback is the key's
// path ("history.title"), which reads like a word and slips through review; this marker cannot,
// and the language test (e2e/languages.spec.ts) fails on any page that shows one.

export const MISSING_MARK_START = "⟦";
export const MISSING_MARK_END = "⟧";

/** getMessageFallback for next-intl (server and client alike). */
export function missingMessage({ namespace, key }: { namespace?: string; key: string }): string {
  return `${MISSING_MARK_START}${namespace ? `${namespace}.` : ""}${key}${MISSING_MARK_END}`;
}

/**
 * onError for next-intl: a missing message is reported (console: the server log, the browser's
 * console) and rendered with the marker; other formatting errors too.
 */
export function reportIntlError(error: { code?: string; message: string }): void {
  console.error(`[i18n] ${error.code ?? "error"}: ${error.message}`);
}
