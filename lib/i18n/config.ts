/** Locales the UI is translated into; the first is the default (the product is Brazilian). */
export const LOCALES = ["pt-BR", "en"] as const;
export type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = "pt-BR";

/** Cookie the language switch writes; read on every request by `request.ts`. */
export const LOCALE_COOKIE = "locale";

/**
 * Time zone for formatting absolute times. Stores are Brazilian; until the store's own zone is
 * part of the board payload, São Paulo is the best single guess. Setting it explicitly also keeps
 * server and browser rendering the same text (no hydration mismatch).
 */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
