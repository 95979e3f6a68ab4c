/**
 * What every request and answer goes through at the edge (proxy.ts), as pure decisions: the
 * security headers, the cross-site check on state-changing API requests, and paths that cannot
 * be read. No I/O, so each rule is tested as a plain function.
 */

/** The Content-Security-Policy of a page rendered with `nonce` (Next.js puts it on its scripts). */
export function contentSecurityPolicy(nonce: string, options: { development: boolean }): string {
  return [
    "default-src 'self'",
    // Next.js's inline bootstrap scripts carry the nonce; 'strict-dynamic' lets them load chunks.
    // React needs eval only in development (its call stacks); never in production.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    // Style attributes rendered on the server (the theme's color-scheme, chart sizes) are inline.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' data: blob:",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export interface RequestFacts {
  method: string;
  pathname: string;
  /** "https:" or "http:", as the browser used it (the proxy's X-Forwarded-Proto when there is one). */
  protocol: string;
}

/** The headers every answer carries; HSTS only over HTTPS (a plain-http install must stay reachable). */
export function securityHeaders(request: RequestFacts, csp: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (csp) headers["Content-Security-Policy"] = csp;
  if (request.protocol === "https:") headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * API paths exempt from the cross-site check: the platform's webhook (authenticated by its
 * signature, sent by a server). The sandbox at /sandbox is a separate platform, not an API of
 * Comanda's, and is outside /api.
 */
const CROSS_SITE_EXEMPT = ["/api/open-delivery/"];

/**
 * Why a state-changing API request is refused as cross-site, or null to let it through. Browsers
 * say where a request comes from in Sec-Fetch-Site; older ones only in Origin, compared with the
 * host the request was sent to. Requests with neither (servers, scripts, curl) carry no cookies a
 * browser attached on someone else's behalf, and pass.
 */
export function crossSiteRefusal(
  request: RequestFacts & { secFetchSite: string | null; origin: string | null; hosts: readonly string[] },
): string | null {
  if (!STATE_CHANGING.has(request.method.toUpperCase())) return null;
  if (!request.pathname.startsWith("/api/")) return null;
  if (CROSS_SITE_EXEMPT.some((prefix) => request.pathname.startsWith(prefix))) return null;
  const refused = "This request came from another site; Comanda only accepts changes made from its own pages.";
  const site = request.secFetchSite?.toLowerCase();
  if (site) return site === "same-origin" || site === "none" ? null : refused;
  if (!request.origin) return null;
  if (request.origin === "null") return refused;
  try {
    return request.hosts.includes(new URL(request.origin).host) ? null : refused;
  } catch {
    return refused;
  }
}

/**
 * Why a path cannot be served, or null: percent-encoding that does not decode to UTF-8 (%ff%fe)
 * or that decodes to control characters (%00). Refused before any route reads its parameters.
 */
export function unreadablePath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return "The address is not valid: it contains characters that cannot be read.";
  }
  return /[\u0000-\u001f\u007f]/.test(decoded) ? "The address is not valid: it contains control characters." : null;
}
