import { LOCALE_COOKIE, type AppLocale } from "./config";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * Remembers this device's language. Written in the browser rather than by a server action: it is
 * a per-device preference, not data, so it needs no endpoint (and no auth check on one).
 */
export function writeLocaleCookie(locale: AppLocale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}
