import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { DEVICE_SESSION_MS, revokeSession } from "./sessions";
import { getAuthSecret } from "./secret";
import { checkCredentials, SIGN_IN_ERRORS } from "./sign-in";
import { lineText } from "@/lib/contract/text";

export { SIGN_IN_ERRORS };

const credentialsSchema = z.object({
  email: lineText(254).pipe(z.string().min(3)),
  password: z.string().min(1).max(200),
});

/** Session cookie names: with the Secure flag they take the __Secure- prefix browsers enforce. */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}comanda.session`;
}

/**
 * Cookies are Secure when configured so, or else when the request reached us over HTTPS (a TLS
 * proxy sets x-forwarded-proto): a tablet on the shop's LAN over plain http still signs in.
 */
export function secureCookiesFor(headers: Headers): boolean {
  return env.AUTH_COOKIE_SECURE ?? headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

/**
 * The client's address for the per-address limit, or null when it cannot be known. Each proxy in
 * front of Comanda appends the address it saw to x-forwarded-for; with TRUSTED_PROXIES = N the
 * Nth entry from the right is the one the outermost trusted proxy saw. With no trusted proxy the
 * header is the client's own words (Next.js keeps a header the client sends, and route handlers
 * never see the socket), so there is no address to limit: the per-account limit holds alone.
 */
export function clientAddress(
  headers: Headers | Record<string, unknown>,
  trustedProxies: number = env.TRUSTED_PROXIES,
): string | null {
  if (trustedProxies === 0) return null;
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers["x-forwarded-for"];
  const list = (typeof raw === "string" ? raw : "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return list.at(-trustedProxies) ?? null;
}

/**
 * next-auth (v4) with one Credentials provider. The JWT in the cookie carries only the id of a
 * server-side session row, which every guarded request checks (lib/auth/guard.ts), so signing
 * out or disabling a user takes effect at once.
 */
export function authOptions(headers: Headers): NextAuthOptions {
  const secure = secureCookiesFor(headers);
  const cookie = (name: string, httpOnly = true) => ({
    name: `${secure ? "__Secure-" : ""}${name}`,
    options: { httpOnly, sameSite: "lax" as const, path: "/", secure },
  });
  return {
    secret: getAuthSecret(),
    // The cookie and its JWT outlive the longest session (a tablet's); the session row decides
    // when each one really ends (12 h for a person, 30 days for a tablet: lib/auth/sessions.ts).
    session: { strategy: "jwt", maxAge: DEVICE_SESSION_MS / 1000 },
    jwt: { maxAge: DEVICE_SESSION_MS / 1000 },
    useSecureCookies: secure,
    cookies: {
      sessionToken: { ...cookie("comanda.session"), name: sessionCookieName(secure) },
      callbackUrl: cookie("comanda.callback-url"),
      csrfToken: { ...cookie("comanda.csrf"), name: `${secure ? "__Host-" : ""}comanda.csrf` },
    },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    logger: {
      // NEXTAUTH_URL only sets where next-auth's own redirects point; the sign-in page and
      // sign-out call it with redirect: false and navigate themselves, so it need not be set.
      warn: (code) => {
        if (code !== "NEXTAUTH_URL") console.warn(`[next-auth] ${code}`);
      },
      error: (code, metadata) => console.error(`[next-auth] ${code}`, metadata),
      debug: () => {},
    },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(credentials, req) {
          const parsed = credentialsSchema.safeParse(credentials);
          if (!parsed.success) return null;
          return checkCredentials(await getDb(), parsed.data, clientAddress(req.headers ?? {}));
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user && "sid" in user && typeof user.sid === "string") token.sid = user.sid;
        return token;
      },
      // Nothing about the session reaches the browser's JavaScript beyond the name.
      session({ session }) {
        return { expires: session.expires, user: { name: session.user?.name ?? null } };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string") await revokeSession(await getDb(), token.sid);
      },
    },
  };
}
