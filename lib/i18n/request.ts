import { cookies, headers } from "next/headers";
import type { Messages } from "next-intl";
import { getRequestConfig } from "next-intl/server";
import { DEFAULT_TIME_ZONE, LOCALE_COOKIE, type AppLocale } from "./config";
import { missingMessage, reportIntlError } from "./missing";
import { resolveLocale } from "./negotiate";

// A static map (not a template import) so the bundler includes exactly these files. `Messages` is
// pt-BR's catalogue with its texts as literal types (for typed arguments); en has the same keys
// (messages.test.ts), so it stands in for that shape.
const loaders: Record<AppLocale, () => Promise<Messages>> = {
  "pt-BR": async () => (await import("./messages/pt-BR.json")).default,
  en: async () => (await import("./messages/en.json")).default as unknown as Messages,
};

// No i18n routing: the locale comes from the request (cookie, then Accept-Language), not the URL.
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(cookieStore.get(LOCALE_COOKIE)?.value, headerList.get("accept-language"));
  return {
    locale,
    messages: await loaders[locale](),
    timeZone: DEFAULT_TIME_ZONE,
    // A missing key shows as ⟦namespace.key⟧ and is logged: visible, and detectable by the language test.
    onError: reportIntlError,
    getMessageFallback: missingMessage,
  };
});
