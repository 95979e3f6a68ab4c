import type { APIRequestContext } from "@playwright/test";

/** The demo's manager of both stores: a board of every order the benches place. */
export const MANAGER = { email: "manager@demo.comanda", password: "demo-manager" };

/** Signs the request context in as the demo manager (Auth.js's credentials form, as the sign-in page posts it). */
export async function signInManager(request: APIRequestContext): Promise<void> {
  const csrf = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const signIn = await request.post("/api/auth/callback/credentials", {
    form: { ...MANAGER, csrfToken: csrf.csrfToken, json: "true" },
    maxRedirects: 0,
  });
  if (signIn.status() >= 400) throw new Error(`signing in: HTTP ${signIn.status()}`);
}
