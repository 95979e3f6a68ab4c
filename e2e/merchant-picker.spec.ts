import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS } from "./support/accounts";
import { signInBrowser } from "./support/browser";
import { startComandaServer, signInWhenReady, type ComandaServer } from "./support/comanda-server";
import { signInCookie } from "./support/session";

/**
 * Issue 29, credentials in 2.0: adding a channel on a 2.0 connection offers the merchants that
 * authorised its credential (name · id, the ones already added marked and not pickable) instead
 * of a typed id; a 1.x connection keeps the typed id; a platform that does not answer the list is
 * said in words, the id can be typed meanwhile, and the list comes back on asking again. The
 * browser tests' server forces 1.7 on its platforms: this spec runs a server of its own whose
 * embedded sandbox's second platform speaks 2.0.
 */

test.describe("adding a channel on a 2.0 connection", () => {
  let server: ComandaServer;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "comanda-merchant-picker-"));

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // Only an admin adds channels: made in its database before it starts, as the browser tests'
    // server makes its own (scripts/e2e-server.mjs).
    const { email, password } = ACCOUNTS.admin;
    const created = spawnSync(
      path.join("node_modules", ".bin", "tsx"),
      [
        "--conditions=react-server",
        "scripts/user-create.ts",
        ...["--email", email, "--name", "E2E Admin", "--role", "admin", "--password", password],
      ],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "error" }, encoding: "utf8" },
    );
    expect(created.status, created.stderr).toBe(0);
    server = await startComandaServer({ dataDir, env: { SANDBOX_OPEN_DELIVERY: "1.7,2.0" } });
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function adminPage(browser: Browser): Promise<Page> {
    await signInWhenReady(() => signInCookie(server.base, "admin"));
    const context = await browser.newContext({ baseURL: server.base });
    const page = await context.newPage();
    await signInBrowser(page, "admin");
    return page;
  }

  test("the merchants that authorised the connection are picked, not typed; 1.x keeps the typed id", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await adminPage(browser);
    const p2 = `${server.base}/sandbox/p2`;
    // An application credential on the 2.0 platform that two merchants authorised (by_app).
    const [integrator] = (await (
      await page.request.post(`${p2}/control/integrators`, { data: { merchants: 2, connections: 1 } })
    ).json()) as Array<{ clientId: string; clientSecret: string; merchantIds: string[] }>;
    const [addedId, pickedId] = integrator!.merchantIds as [string, string];
    const merchants = (await (await page.request.get(`${p2}/control/merchants`)).json()) as Array<{
      merchantId: string;
      name: string;
    }>;
    const nameOf = (id: string) => merchants.find((merchant) => merchant.merchantId === id)!.name;
    // Its first merchant added with the credential: a new connection, whose manifest says 2.0.
    const added = await page.request.post("/api/manager/stores", {
      data: {
        id: addedId,
        name: "Integrador 2.0",
        baseUrl: p2,
        clientId: integrator!.clientId,
        clientSecret: integrator!.clientSecret,
        serviceId: null,
        admin: null,
        storeApi: null,
        pollIntervalSeconds: 30,
        confirmDeadlineMinutes: 8,
        enabled: true,
      },
    });
    expect(added.status(), await added.text()).toBe(201);

    const form = page.getByRole("form", { name: "Adicionar loja" });
    const openForm = async () => {
      await page.goto("/manager/integrations");
      await page.getByText("Adicionar loja", { exact: true }).first().click();
    };
    const picker = form.getByLabel("Loja na plataforma", { exact: true });
    // The manifest is read as the connection starts: the page lists it as 2.0 once it answered.
    await expect(async () => {
      await openForm();
      await form.getByLabel("Conexão com a plataforma").selectOption({ label: "Integrador 2.0 (1 loja)" });
      await expect(picker).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(form.getByRole("textbox", { name: "Código da loja na plataforma" })).toHaveCount(0);
    await expect(
      picker.getByRole("option", { name: `${nameOf(addedId)} · ${addedId} (já adicionada)` }),
    ).toBeDisabled();
    await expect(picker.getByRole("option", { name: `${nameOf(pickedId)} · ${pickedId}`, exact: true })).toBeEnabled();

    // Keyboard: the list is a native select, reached and changed from the keyboard.
    await picker.focus();
    await expect(picker).toBeFocused();
    await picker.selectOption(pickedId);
    await form.getByLabel("Nome do restaurante novo").fill("Loja Escolhida E2E");
    await form.getByLabel("Ativa: buscar os pedidos desta loja").uncheck();
    await form.getByRole("button", { name: "Adicionar loja" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loja adicionada" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Loja Escolhida E2E" })).toBeVisible();

    // Both are added now; a platform that does not answer is said in words, the id typed meanwhile.
    await page.request.put(`${p2}/control/faults`, {
      data: { rules: [{ route: "GET /v2/merchants", errorRate: 1, errorStatus: 503 }] },
    });
    try {
      await openForm();
      await form.getByLabel("Conexão com a plataforma").selectOption({ label: "Integrador 2.0 (2 lojas)" });
      await expect(form.getByRole("alert")).toContainText("A plataforma não respondeu com a lista de lojas");
      await expect(form.getByRole("textbox", { name: "Código da loja na plataforma" })).toBeVisible();
    } finally {
      await page.request.delete(`${p2}/control/faults`);
    }
    await form.getByRole("button", { name: "Buscar a lista de novo" }).click();
    await expect(
      picker.getByRole("option", { name: `${nameOf(pickedId)} · ${pickedId} (já adicionada)` }),
    ).toBeDisabled();

    // The 1.7 platform's connection has no list: its merchant id is typed.
    const [first] = (await (await page.request.get(`${server.base}/sandbox/control/merchants`)).json()) as Array<{
      merchantId: string;
    }>;
    const view = (await (await page.request.get(`/api/manager/stores/${first!.merchantId}/integration`)).json()) as {
      integration: { connection: { id: string } };
    };
    await form.getByLabel("Conexão com a plataforma").selectOption(view.integration.connection.id);
    await expect(form.getByRole("textbox", { name: "Código da loja na plataforma" })).toBeVisible();
    await expect(picker).toHaveCount(0);
    await page.context().close();
  });
});
