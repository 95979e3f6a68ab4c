import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { DEFAULT_TIME_ZONE, LOCALE_COOKIE, type AppLocale } from "./config";
import { missingMessage, reportIntlError } from "./missing";
import { resolveLocale } from "./negotiate";

// A static map (not a template import) so the bundler includes exactly these files.
const loaders: Record<AppLocale, () => Promise<{ default: Messages }>> = {
  "pt-BR": () => import("./messages/pt-BR.json"),
  en: () => import("./messages/en.json"),
};

type Messages = typeof import("./messages/pt-BR.json");

// No i18n routing: the locale comes from the request (cookie, then Accept-Language), not the URL.
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(cookieStore.get(LOCALE_COOKIE)?.value, headerList.get("accept-language"));
  return {
    locale,
    messages: (await loaders[locale]()).default,
    timeZone: DEFAULT_TIME_ZONE,
    // A missing key shows as ⟦namespace.key⟧ and is logged: visible, and detectable by the language test.
    onError: reportIntlError,
    getMessageFallback: missingMessage,
  };
});
