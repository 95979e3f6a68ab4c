import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_AUTH_SECRET } from "./support/accounts";

/**
 * Acceptance: nothing secret reaches the browser. Searches every file the build serves to
 * browsers (.next/static) for the session secret the test server runs with, the sandbox stores'
 * interchange client secrets and ids, a platform access token, and the server-only modules that
 * handle them.
 */

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

test("client bundles hold no secret, token or server-only code", async ({ baseURL }) => {
  const merchants = (await (await fetch(`${baseURL}/sandbox/control/merchants`)).json()) as Array<{
    interchange: { clientId: string; clientSecret: string };
  }>;
  expect(merchants.length).toBeGreaterThan(0);
  // A live access token, as the BFF holds them.
  const tokenResponse = await fetch(`${baseURL}/sandbox/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: merchants[0]!.interchange.clientId,
      client_secret: merchants[0]!.interchange.clientSecret,
    }),
  });
  expect(tokenResponse.status).toBe(200);
  const token = ((await tokenResponse.json()) as { access_token: string }).access_token;
  expect(token.length).toBeGreaterThan(10);

  const needles: Record<string, string> = {
    AUTH_SECRET: E2E_AUTH_SECRET,
    "an access token": token,
    // Names of what only the server may hold or do.
    "the AUTH_SECRET variable": "AUTH_SECRET",
    "the platform secret variable": "PLATFORM_CLIENT_SECRET",
    "the client-credentials grant": "client_credentials",
    "argon2 hashes": "$argon2id$",
  };
  merchants.forEach((merchant, index) => {
    needles[`store ${index + 1}'s client secret`] = merchant.interchange.clientSecret;
  });

  const bundles = files(path.join(process.cwd(), ".next", "static"));
  expect(bundles.some((file) => file.endsWith(".js"))).toBe(true);
  const found: string[] = [];
  for (const file of bundles) {
    const text = readFileSync(file, "latin1");
    for (const [what, needle] of Object.entries(needles)) {
      if (text.includes(needle)) found.push(`${what} in ${path.relative(process.cwd(), file)}`);
    }
  }
  expect(found).toEqual([]);

  // The search itself works: the server's build does hold the server-only code.
  const serverFiles = files(path.join(process.cwd(), ".next", "server")).filter((file) => file.endsWith(".js"));
  expect(serverFiles.some((file) => readFileSync(file, "latin1").includes("client_credentials"))).toBe(true);
});
