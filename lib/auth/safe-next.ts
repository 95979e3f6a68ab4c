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

/**
 * The request header through which the edge (proxy.ts) tells a page the path and query it was
 * asked for: a page that sends a signed-out visitor to sign in names the very URL they opened
 * (`/manager/orders?status=cancelled`), not just its route. The edge sets it on every request,
 * replacing whatever a client sent under that name.
 */
export const REQUEST_PATH_HEADER = "x-comanda-request-path";

/** The path and query of a page request, without Next.js's own `_rsc` cache-busting parameter. */
export function requestPath(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete("_rsc");
  const search = query.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/**
 * Where a page's sign-in sends the visitor back: the URL they asked for (as the edge reported it)
 * when it is a path of this site on the page's own route or below it (the back office's layout
 * asks for "/manager" before "/manager/orders?status=…" renders), else the route alone.
 */
export function returnPath(route: string, asked: string | null): string {
  const safe = asked === null ? null : safeNextPath(asked);
  const [askedRoute, ownRoute] = [safe === null ? null : routeOf(safe), routeOf(route)];
  const within =
    askedRoute !== null &&
    ownRoute !== null &&
    (askedRoute === ownRoute || askedRoute.startsWith(ownRoute.endsWith("/") ? ownRoute : `${ownRoute}/`));
  return within ? safe! : route;
}

/** A path's route, decoded, so "/manager/orders/a%20b" and "/manager/orders/a b" are one. */
function routeOf(path: string): string | null {
  try {
    return decodeURIComponent(new URL(path, ORIGIN).pathname);
  } catch {
    return null;
  }
}
