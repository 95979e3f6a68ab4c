import { NextResponse, type NextRequest } from "next/server";
import { REQUEST_PATH_HEADER, requestPath } from "@/lib/auth/safe-next";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { contentSecurityPolicy, crossSiteRefusal, securityHeaders, unreadablePath } from "@/lib/http/edge-policy";

/**
 * The HTTP edge: every request but Next.js's static files passes here once. Unreadable paths and
 * cross-site changes are refused; every answer gets the security headers, pages a fresh CSP nonce
 * (Next.js reads it from the request's Content-Security-Policy and puts it on its scripts).
 */
export function proxy(request: NextRequest): NextResponse {
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const facts = {
    method: request.method,
    pathname: request.nextUrl.pathname,
    protocol: forwardedProto ? `${forwardedProto}:` : request.nextUrl.protocol,
  };
  const withHeaders = (response: NextResponse, csp: string | null) => {
    for (const [name, value] of Object.entries(securityHeaders(facts, csp))) response.headers.set(name, value);
    return response;
  };
  const refuse = (error: AppError) => {
    const answer = error.toResponse();
    return withHeaders(new NextResponse(answer.body, { status: answer.status, headers: answer.headers }), null);
  };
  const unreadable = unreadablePath(facts.pathname);
  if (unreadable) return refuse(new AppError("bad_request", unreadable));
  const crossSite = crossSiteRefusal({
    ...facts,
    secFetchSite: request.headers.get("sec-fetch-site"),
    origin: request.headers.get("origin"),
    hosts: [request.headers.get("host"), request.headers.get("x-forwarded-host")].filter((host) => host !== null),
  });
  if (crossSite) return refuse(new AppError("forbidden", crossSite));

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = contentSecurityPolicy(nonce, { development: env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  // The URL asked for, for a page that sends a signed-out visitor to sign in and back here.
  requestHeaders.set(REQUEST_PATH_HEADER, requestPath(request.nextUrl));
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), csp);
}

export const config = {
  // Next.js's hashed static files need none of this, nor the platform's webhooks (server to
  // server, no browser reads their answer; the cross-site rule already lets them through, and the
  // HMAC is checked on the raw body): a pass here cost each pushed order about a millisecond on
  // its way to the board (issue 31). Everything else, pages and API, passes here.
  matcher: ["/((?!_next/static|_next/image|api/open-delivery/v1/newEvent|api/open-delivery/v2/newEvent).*)"],
};
