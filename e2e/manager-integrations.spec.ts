import { expect, test } from "@playwright/test";
import { signInBrowser } from "./support/browser";
import { signInCookie } from "./support/session";
import { sandboxMerchants, screenshots, setPollInterval } from "./support/integrations";

test.skip(({ isMobile }) => isMobile, "the back-office is checked at the tablet's size (screenshots take both)");

test("integrations: secrets stay on the server, a new interval applies at once, test connection is green", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInBrowser(page, "manager");
  const [first] = await sandboxMerchants(page.request);
  const secrets = [
    first!.connection!.clientSecret,
    first!.interchange.clientSecret,
    first!.admin.clientSecret,
    first!.admin.password,
    first!.store.clientSecret,
  ];

  await page.goto("/manager/integrations");
  const form = page.getByRole("form", { name: first!.name });
  // The platform's access details are collapsed under "Detalhes técnicos".
  await form.getByText("Detalhes técnicos", { exact: true }).click();
  const secret = form.getByLabel("Chave secreta do aplicativo", { exact: true });
  await expect(secret).toHaveAccessibleDescription("definido — deixe em branco para manter");
  await expect(secret).toHaveValue("");
  // The sandbox's first platform's stores share one connection, named after the platform.
  await expect(form.getByText(/^Conexão: Plataforma A · \d+ lojas\./)).toBeVisible();
  // Neither the page nor its API ever carries a secret.
  const html = await page.content();
  const api = await (await page.request.get(`/api/manager/stores/${first!.merchantId}/integration`)).text();
  for (const secret of secrets) {
    expect(html).not.toContain(secret);
    expect(api).not.toContain(secret);
  }

  try {
    await form.getByLabel("Buscar pedidos novos a cada (segundos)").fill("7");
    await form.getByRole("button", { name: "Salvar e aplicar" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Salvo. A busca de pedidos da loja recomeçou" }),
    ).toBeVisible();
    // The secrets were left blank: kept, so the store still polls.
    await page.getByRole("button", { name: "Testar conexão" }).click();
    const results = page.getByRole("status").filter({ hasText: "Todas as verificações passaram." });
    await expect(results).toBeVisible({ timeout: 20_000 });
    for (const check of [
      "Acesso aos pedidos",
      "Busca de pedidos (nada confirmado)",
      "Acesso ao histórico de pedidos",
      "Acesso aos dados da loja",
    ]) {
      await expect(results.getByRole("listitem").filter({ hasText: `${check}: OK` })).toBeVisible();
    }
    const notices = page.getByRole("region", { name: "Aviso instantâneo de pedidos" });
    await notices.getByText("Detalhes técnicos", { exact: true }).click();
    await expect(notices.getByText("/api/open-delivery/v1/newEvent")).toBeVisible();
    await screenshots(page, "integrations");

    // The running poller took the new interval.
    await page.goto("/manager/operations");
    const store = page.getByRole("region", { name: `${first!.name} · Plataforma A`, exact: true });
    await expect(store.getByText("Busca pedidos a cada 7 s")).toBeVisible();
    await expect(store.getByText("Funcionando")).toBeVisible();

    // A wrong secret typed in the form: one sentence, nothing saved.
    await page.goto("/manager/integrations");
    await form.getByText("Detalhes técnicos", { exact: true }).click();
    await form.getByLabel("Chave secreta do aplicativo", { exact: true }).fill("not-the-secret");
    await page.getByRole("button", { name: "Testar conexão" }).click();
    const failed = page.getByRole("status").filter({ hasText: "1 verificação falhou." });
    await expect(failed).toBeVisible({ timeout: 20_000 });
    await expect(
      failed.getByText(
        "A plataforma recusou o identificador ou a chave secreta do aplicativo (HTTP 401). Confira-os em Detalhes técnicos.",
      ),
    ).toBeVisible();
    await expect(failed.getByText("Não verificado: depende do acesso aos pedidos.")).toBeVisible();
  } finally {
    await setPollInterval(page.request, first!.merchantId, 2);
  }
});

test("integrations: an admin adds a store by its code on the platform", async ({ page, baseURL }) => {
  await signInBrowser(page, "admin");
  await page.goto("/manager/integrations");
  const form = page.getByRole("form", { name: "Adicionar loja" });
  await page.getByText("Adicionar loja", { exact: true }).first().click();
  await form.getByLabel("Código da loja na plataforma").fill("e2e-new-store");
  await form.getByLabel("Nome do restaurante novo").fill("Loja Nova E2E");
  await form.getByLabel("Ativa: buscar os pedidos desta loja").uncheck();
  // The access details are required and collapsed: sending opens them at the first one missing.
  await form.getByRole("button", { name: "Adicionar loja" }).click();
  await expect(form.getByLabel("Endereço da plataforma")).toBeVisible();
  await expect(form.getByLabel("Endereço da plataforma")).toBeFocused();
  await form.getByLabel("Endereço da plataforma").fill("http://insecure.example.com");
  await form.getByLabel("Identificador do aplicativo", { exact: true }).fill("client");
  await form.getByLabel("Chave secreta do aplicativo", { exact: true }).fill("secret");
  await form.getByRole("button", { name: "Adicionar loja" }).click();
  await expect(form.getByRole("alert")).toContainText("deve usar https");
  await form.getByLabel("Endereço da plataforma").fill("https://platform.example.com");
  await form.getByRole("button", { name: "Adicionar loja" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Loja adicionada" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Loja Nova E2E" })).toBeVisible();
  // Its own credentials made a new connection, named after it.
  await expect(
    page.getByRole("form", { name: "Loja Nova E2E" }).getByText("Conexão: Loja Nova E2E · 1 loja."),
  ).toBeVisible();

  // A second store joins that connection: no credentials typed.
  await page.goto("/manager/integrations");
  await page.getByText("Adicionar loja", { exact: true }).first().click();
  await form.getByLabel("Código da loja na plataforma").fill("e2e-joined-store");
  await form.getByLabel("Conexão com a plataforma").selectOption({ label: "Loja Nova E2E (1 loja)" });
  await expect(form.getByLabel("Chave secreta do aplicativo", { exact: true })).toHaveCount(0);
  await form.getByLabel("Nome do restaurante novo").fill("Loja Junta E2E");
  await form.getByLabel("Ativa: buscar os pedidos desta loja").uncheck();
  await form.getByRole("button", { name: "Adicionar loja" }).click();
  await expect(
    page.getByRole("form", { name: "Loja Junta E2E" }).getByText("Conexão: Loja Nova E2E · 2 lojas."),
  ).toBeVisible();

  // A manager may not add stores.
  const denied = await fetch(`${baseURL}/api/manager/stores`, {
    method: "POST",
    headers: { cookie: await signInCookie(baseURL!, "manager") },
    body: "{}",
  });
  expect(denied.status).toBe(403);
});
