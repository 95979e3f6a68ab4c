import { expect, test, type Page } from "@playwright/test";
import { signInBrowser } from "./support/browser";
import { openDetails, startShift } from "./support/board";

/**
 * The manager's store page with the sandbox's seed data (Pizzaria Bella Napoli first, by name),
 * its read-only menu, and "send a test order" → the order on the board.
 */

test.skip(({ isMobile }) => isMobile, "the phone size is taken inside the test");

async function openStorePage(page: Page, query = ""): Promise<void> {
  await signInBrowser(page, "manager");
  await page.goto(`/manager/store${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Loja" })).toBeVisible();
}

test("shows the store's data, hours, delivery areas and payment forms", async ({ page }, testInfo) => {
  await openStorePage(page);
  await expect(page.getByRole("heading", { level: 2, name: "Pizzaria Bella Napoli" })).toBeVisible();
  await expect(page.getByText(/^(Aberta agora|Fechada agora)$/)).toBeVisible();
  await expect(page.getByText("R$ 40,00 na entrega · R$ 20,00 para retirar")).toBeVisible();
  await expect(page.getByText("Rua Harmonia, 412", { exact: false })).toBeVisible();

  // Hours in the store's time, today marked with a word as well as a colour.
  const today = page.locator('tr[aria-current="date"]');
  await expect(today).toHaveCount(1);
  await expect(today).toContainText("(hoje)");
  await expect(page.getByText("(11) 3031-2244")).toBeVisible();
  await expect(today).toContainText("18:00 às 00:30");
  await expect(page.getByRole("row", { name: /^Domingo/ })).toContainText("18:00 às 00:30");
  await expect(page.getByRole("row", { name: /^Segunda-feira/ })).toContainText("11:00 às 15:00 · 18:00 às 00:30");

  // Delivery areas: a map labelled with each area's fee, a legend, the specific locations.
  const map = page.getByRole("img", { name: /Mapa das áreas de entrega de Pizzaria Bella Napoli/ });
  await expect(map).toBeVisible();
  await expect(map.locator("polygon")).toHaveCount(2);
  await expect(map.getByText("1 · R$ 5,99")).toBeVisible();
  await expect(map.getByText("2 · R$ 8,99")).toBeVisible();
  const legend = page.getByRole("list", { name: "Legenda" });
  await expect(legend.getByRole("listitem").filter({ hasText: "Vila Madalena e Pinheiros" })).toContainText(
    "taxa R$ 5,99, grátis a partir de R$ 90,00",
  );
  await expect(legend.getByRole("listitem").filter({ hasText: "Zona Oeste, Jardins e Paulista" })).toContainText(
    "R$ 11,99 das 19:00 às 21:30",
  );
  await expect(page.getByRole("list", { name: "Locais específicos" })).toContainText("Hospital das Clínicas");
  await expect(page.getByRole("list", { name: "Formas de pagamento" })).toContainText("Dinheiro");

  await page.screenshot({ path: testInfo.outputPath("store-1024x768.png"), fullPage: true });
});

test("the menu browser opens categories, items with options, and a pizza size with its flavours", async ({
  page,
}, testInfo) => {
  await openStorePage(page);
  const menu = page.getByRole("region", { name: "Cardápio" });

  await menu.getByText("Bebidas", { exact: true }).click();
  const coke = menu.locator("details", { has: page.getByText("Coca-Cola 2 L", { exact: true }) }).last();
  await expect(coke.locator("summary")).toContainText("R$ 14,00");
  await expect(coke.locator("summary")).toContainText("Disponível");
  await menu.getByText("Suco natural 300 ml", { exact: true }).click();
  await expect(menu.getByText("Sabor do suco (escolha 1 a 1)")).toBeVisible();
  await expect(menu.getByText("Abacaxi com hortelã — + R$ 2,00")).toBeVisible();

  await menu.getByText("Sobremesas", { exact: true }).click();
  const tiramisu = menu.locator("details", { has: page.getByText("Tiramisù", { exact: true }) }).last();
  await expect(tiramisu.locator("summary")).toContainText("Indisponível");

  await menu.getByText("Pizzas", { exact: true }).click();
  await menu.getByText("Pizza Grande", { exact: true }).click();
  const large = menu.locator("details", { has: page.getByText("Pizza Grande", { exact: true }) }).last();
  await expect(large.locator("summary")).toContainText("8 fatias, até 2 sabores");
  const savory = large.getByRole("list", { name: "Sabores salgados" });
  await expect(savory.getByRole("listitem").filter({ hasText: "Calabresa" })).toContainText("R$ 54,90");
  await expect(savory.getByRole("listitem").filter({ hasText: "Camarão" })).toContainText("Indisponível");
  await expect(
    large.getByRole("list", { name: "Sabores doces" }).getByRole("listitem").filter({ hasText: "Brigadeiro" }),
  ).toContainText("R$ 58,90");
  await expect(large.getByText("Borda (escolha até 1)")).toBeVisible();
  await expect(large.getByText("Preço: o do sabor mais caro")).toBeVisible();

  await large.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("menu-1024x768.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await large.locator("summary").scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("menu-phone.png") });
  await page.goto("/manager/store");
  await page.screenshot({ path: testInfo.outputPath("store-phone.png") });
  await page.getByRole("img", { name: /Mapa das áreas/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("map-phone.png") });
});

test("a manager of several stores picks one", async ({ page }) => {
  await openStorePage(page);
  await page.getByLabel("Loja", { exact: true }).selectOption({ label: "Vila Smash Burger & Açaí" });
  await page.getByRole("button", { name: "Mostrar" }).click();
  await expect(page).toHaveURL(/\/manager\/store\?store=/);
  await expect(page.getByRole("heading", { level: 2, name: "Vila Smash Burger & Açaí" })).toBeVisible();
  await expect(
    page.getByRole("img", { name: /Mapa das áreas de entrega de Vila Smash/ }).locator("polygon"),
  ).toHaveCount(3);
});

test("says so in a sentence when the store API is down", async ({ page, request }) => {
  await request.put("/sandbox/control/faults", {
    data: { rules: [{ route: "* /store-api/*", errorRate: 1, errorStatus: 503 }] },
  });
  try {
    await openStorePage(page);
    await expect(
      page.getByRole("alert").filter({ hasText: "Não foi possível falar com a API da loja agora" }),
    ).toBeVisible();
  } finally {
    await request.delete("/sandbox/control/faults");
  }
});

test("send a test order: it arrives on the board", async ({ page }, testInfo) => {
  await openStorePage(page);
  const button = page.getByRole("button", { name: "Enviar pedido de teste" });
  await button.click();
  const sent = page.getByRole("status").filter({ hasText: "Pedido de teste" });
  await expect(sent).toBeVisible({ timeout: 20_000 });
  await expect(button).toBeEnabled();
  const displayId = /Pedido de teste (\S+) enviado/.exec((await sent.textContent()) ?? "")?.[1];
  expect(displayId, "the display id is shown").toBeTruthy();
  await page.screenshot({ path: testInfo.outputPath("test-order-1024x768.png") });

  await sent.getByRole("link", { name: "Ver no quadro" }).click();
  await expect(page).toHaveURL(/\/board$/);
  await startShift(page);
  // In New, or in the Scheduled lane when the store was closed and the order went in for its opening.
  const card = page.getByRole("article", { name: `Pedido ${displayId!}`, exact: true });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(await openDetails(page, displayId!)).toContainText("TESTE Comanda");
});
