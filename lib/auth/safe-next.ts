/** Where people land after signing in when `next` is absent or not a path of this site. */
export const DEFAULT_NEXT_PATH = "/board";

const ORIGIN = "http://comanda.invalid";

/**
 * The path to go to after signing in, from `?next=` (which anyone can write into a link): only a
 * path on this site, never another origin. Browsers drop tabs and line breaks from URLs and read
 * `\` as `/`, so `/%09/evil.example` becomes `//evil.example`: a value carrying either is refused
 * outright, and what remains is resolved as a URL and kept only if it stays on this origin.
 */
export function safeNextPath(value: string | string[] | undefined | null): string {
  const next = typeof value === "string" ? value : "";
  if (!next.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(next)) return DEFAULT_NEXT_PATH;
  let resolved: URL;
  try {
    resolved = new URL(next, ORIGIN);
  } catch {
    return DEFAULT_NEXT_PATH;
  }
  if (resolved.origin !== ORIGIN || resolved.pathname.startsWith("//")) return DEFAULT_NEXT_PATH;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
