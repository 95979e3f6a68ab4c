import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { startSandboxProcess, type SandboxMerchant, type SandboxProcess } from "../../e2e/support/sandbox/process";
import type { PlatformEntry } from "./platforms";

// `npm run sandbox -- --platforms 2` as its own process, over real HTTP: the first platform where a
// one-platform sandbox always was, the second at /p2, each answering with its own merchants.

let sandbox: SandboxProcess | undefined;
afterEach(async () => {
  await sandbox?.stop();
  sandbox = undefined;
});

async function tokenFor(baseUrl: string, merchant: SandboxMerchant): Promise<Response> {
  return fetch(`${baseUrl}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: merchant.interchange.clientId,
      client_secret: merchant.interchange.clientSecret,
    }),
  });
}

describe("npm run sandbox -- --platforms 2", () => {
  it("answers on both base paths, each platform with its own merchants, credentials and orders", async () => {
    sandbox = await startSandboxProcess({ platforms: 2 });
    const platforms = await sandbox.control<PlatformEntry[]>("GET", "/control/platforms");
    expect(platforms.map((p) => [p.name, p.basePath])).toEqual([
      ["Plataforma A", ""],
      ["Plataforma B", "/p2"],
    ]);

    const onA = await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants");
    const onB = await sandbox.control<SandboxMerchant[]>("GET", "/p2/control/merchants");
    expect(onB.map((m) => m.merchantId)).not.toContain(onA[0]!.merchantId);

    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/p2/control/orders", {
      merchantId: onB[0]!.merchantId,
    });
    expect((await tokenFor(sandbox.url, onB[0]!)).status).toBe(401);
    const granted = await tokenFor(`${sandbox.url}/p2`, onB[0]!);
    const { access_token } = (await granted.json()) as { access_token: string };
    const polled = await fetch(`${sandbox.url}/p2/v1/events:polling`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(((await polled.json()) as { orderId: string }[]).map((e) => e.orderId)).toEqual([orderId]);
    expect(await sandbox.control<unknown[]>("GET", "/control/orders")).toEqual([]);
  });

  it("--open-delivery 1.7,2.0 makes the second platform speak 2.0 and leaves the first on 1.7", async () => {
    sandbox = await startSandboxProcess({ platforms: 2, openDelivery: "1.7,2.0" });
    const platforms = await sandbox.control<PlatformEntry[]>("GET", "/control/platforms");
    expect(platforms.map((p) => [p.basePath, p.openDelivery])).toEqual([
      ["", "1.7"],
      ["/p2", "2.0"],
    ]);
    const manifest = async (base: string) =>
      ((await (await fetch(`${base}/.well-known/opendelivery`)).json()) as { openDelivery: { currentVersion: string } })
        .openDelivery.currentVersion;
    expect([await manifest(sandbox.url), await manifest(`${sandbox.url}/p2`)]).toEqual(["1.7", "2.0"]);
    const onB = await sandbox.control<SandboxMerchant[]>("GET", "/p2/control/merchants");
    const { access_token } = (await (await tokenFor(`${sandbox.url}/p2`, onB[0]!)).json()) as { access_token: string };
    const polled = await fetch(`${sandbox.url}/p2/v2/events:polling`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(polled.status).toBe(204);
  });

  it("refuses a dialect it does not speak, saying so", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "lib/sandbox/main.ts", "--open-delivery", "1.3"], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--open-delivery takes 1.7 or 2.0/);
  });

  it("refuses a platform count it cannot host, saying so", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "lib/sandbox/main.ts", "--platforms", "0"], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--platforms must be a whole number from 1 to 10/);
  });
});
