import { ACCOUNTS, type AccountName } from "./accounts";

/**
 * Signs in over HTTP as a browser would (CSRF token, then the credentials callback) and returns
 * the Cookie header of the session. For tests that call the API with fetch.
 */
export async function signInCookie(
  baseURL: string,
  account: AccountName | { email: string; password: string },
): Promise<string> {
  const { email, password } = typeof account === "string" ? ACCOUNTS[account] : account;
  const csrfResponse = await fetch(`${baseURL}/api/auth/csrf`);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  };
  keep(csrfResponse);
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(`${baseURL}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: header() },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
    redirect: "manual",
  });
  keep(response);
  if (![...jar.keys()].some((name) => name.endsWith("comanda.session"))) {
    throw new Error(`Sign-in as ${email} failed: HTTP ${response.status} ${await response.text()}`);
  }
  return header();
}
