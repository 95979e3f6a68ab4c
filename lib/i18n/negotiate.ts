import { DEFAULT_LOCALE, isAppLocale, type AppLocale } from "./config";

/**
 * Picks the UI locale: an explicit choice (the cookie) wins, then the browser's Accept-Language
 * preferences in q order, matched by primary language ("pt-PT" still gets pt-BR, "en-GB" gets en).
 */
export function resolveLocale(cookieValue: string | undefined, acceptLanguage: string | null | undefined): AppLocale {
  if (isAppLocale(cookieValue)) return cookieValue;
  for (const tag of parseAcceptLanguage(acceptLanguage ?? "")) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** Language tags from an Accept-Language header, most preferred first; q=0 means "not this". */
export function parseAcceptLanguage(header: string): string[] {
  return (
    header
      .split(",")
      .map((part, index) => {
        const [tag = "", ...params] = part.trim().split(";");
        const q = params
          .map((p) => p.trim())
          .find((p) => p.startsWith("q="))
          ?.slice(2);
        const quality = q === undefined ? 1 : Number(q);
        return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
      })
      .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.quality > 0)
      // Stable on ties: the header's own order decides between equal q values.
      .sort((a, b) => b.quality - a.quality || a.index - b.index)
      .map((entry) => entry.tag)
  );
}

function matchLocale(tag: string): AppLocale | undefined {
  const language = tag.toLowerCase().split("-")[0];
  if (language === "pt") return "pt-BR";
  if (language === "en") return "en";
  return undefined;
}
