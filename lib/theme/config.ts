/** Screen themes. Dark is the default: a kitchen wall tablet is read from two metres, often in a dim room. */
export const THEMES = ["dark", "light"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "dark";

/**
 * Cookie that remembers this device's theme. A cookie rather than localStorage: the server reads
 * it and renders the right class on <html>, so the page never flashes the other theme.
 */
export const THEME_COOKIE = "theme";

/** The browser chrome's colour (address bar, installed app's title bar) per theme. */
export const THEME_COLOR: Record<Theme, string> = { dark: "#09090b", light: "#fafafa" };

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export function themeOf(cookieValue: string | undefined): Theme {
  return isTheme(cookieValue) ? cookieValue : DEFAULT_THEME;
}
