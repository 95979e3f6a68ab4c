import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./support/accounts";
import { signInBrowser } from "./support/browser";
import { sandboxMerchants } from "./support/integrations";

/**
 * Issue 28.7, "pages a manager reads without a glossary": Integrations and Operations say things
 * in a restaurant manager's words — no platform jargon and no bare ids outside their collapsed
 * "Detalhes técnicos" — an order's timeline says what happened in words, phones read as
 * Brazilians write them, the export is named in the page's language, and signing in from a deep
 * link lands on that link (never on another site).
 */

test.skip(({ isMobile }) => isMobile, "the back office's words are the same at every size");
test.use({ viewport: { width: 1280, height: 800 } });

/** The jargon a manager should not have to look up, in either language. */
const JARGON = /client id|polling|endpoint|webhook|merchant id|id do merchant/i;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * What the page shows outside its technical details: those (marked data-technical, collapsed
 * <details>) are hidden first; a closed <details> shows nothing of its own but its summary.
 */
async function plainText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const technical = [...document.querySelectorAll<HTMLElement>("[data-technical]")];
    for (const element of technical) element.hidden = true;
    const text = document.body.innerText;
    for (const element of technical) element.hidden = false;
    return text;
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png` });
}

test("Integrations and Operations read without a glossary, in pt-BR and English", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signInBrowser(page, "manager");
  const [first] = await sandboxMerchants(page.request);

  for (const locale of ["pt-BR", "en"] as const) {
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);

    await page.goto("/manager/integrations");
    const form = page.getByRole("form", { name: first!.name });
    await expect(form).toBeVisible();
    const integrations = await plainText(page);
    expect(integrations, `Integrations (${locale}) uses jargon`).not.toMatch(JARGON);
    expect(integrations, `Integrations (${locale}) shows an id`).not.toMatch(UUID);
    if (locale === "pt-BR") {
      await screenshot(page, "integrations");
      // The values are still there, labelled in plain words, one tap away.
      await form.getByText("Detalhes técnicos", { exact: true }).click();
      await expect(form.getByLabel("Identificador do aplicativo", { exact: true })).toHaveValue(/.+/);
      const code = form.getByText(`Código da loja na plataforma: ${first!.merchantId}`);
      await expect(code).toBeVisible();
      await code.scrollIntoViewIfNeeded();
      await screenshot(page, "integrations-technical");
    }

    await page.goto("/manager/operations");
    // A restaurant's card, named after it (and its channel's label, where it has channels).
    const store = page.getByRole("region", { name: new RegExp(`^${escapeRegExp(first!.name)}( · .+)?$`) }).first();
    await expect(
      store.getByText(locale === "pt-BR" ? /^Busca pedidos a cada / : /^Checks for orders every /),
    ).toBeVisible();
    const operations = await plainText(page);
    expect(operations, `Operations (${locale}) uses jargon`).not.toMatch(JARGON);
    expect(operations, `Operations (${locale}) shows an id`).not.toMatch(UUID);
    // Every duration on a store's card in one unit: never "6 s" beside "0,1 min".
    const card = await store.evaluate((element) => {
      element.querySelectorAll<HTMLElement>("[data-technical]").forEach((node) => (node.hidden = true));
      return (element as HTMLElement).innerText;
    });
    const units = new Set([...card.matchAll(/\d(?:[\d.,]*\d)?\s(s|sec|min|h|hr)\b/g)].map((match) => match[1]));
    expect(units.size, `units on the card: ${[...units].join(", ")}\n${card}`).toBe(1);
    if (locale === "pt-BR") await screenshot(page, "operations");
  }
});

test("an order's timeline says what happened in words, and its phone as Brazilians write it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInBrowser(page, "manager");
  const [first] = await sandboxMerchants(page.request);
  const created = await page.request.post("/sandbox/control/orders", {
    data: { merchantId: first!.merchantId, type: "TAKEOUT", orderTiming: "INSTANT" },
  });
  const { orderId } = (await created.json()) as { orderId: string };
  await expect
    .poll(async () => (await page.request.get(`/api/orders/${orderId}`)).status(), { timeout: 30_000 })
    .toBe(200);

  await page.goto(`/manager/orders/${orderId}`);
  const audit = page.getByRole("region", { name: "Linha do tempo e auditoria" });
  const created_ = audit.getByText("Pedido recebido", { exact: true });
  await expect(created_).toBeVisible();
  // The platform's own type only as the tooltip.
  await expect(created_).toHaveAttribute("title", "CREATED");
  expect(await audit.innerText()).not.toMatch(/\bCREATED\b/);
  // The sandbox's customers have São Paulo mobiles: "119…" reads "(11) 9XXXX-XXXX".
  await expect(page.getByText(/^\(11\) 9\d{4}-\d{4}$/)).toBeVisible();
  await screenshot(page, "order-details");

  // The history's export is named in the page's language.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const pt = await page.request.get(`/api/manager/orders/export?from=${today}&to=${today}`);
  expect(pt.headers()["content-disposition"]).toBe(`attachment; filename="pedidos-${today}.csv"`);
  await page.context().addCookies([{ name: "locale", value: "en", url: baseURL! }]);
  const en = await page.request.get(`/api/manager/orders/export?from=${today}&to=${today}&format=xlsx`);
  expect(en.headers()["content-disposition"]).toBe(`attachment; filename="orders-${today}.xlsx"`);
});

test("signing in from a deep link lands on it; a link to another site is refused", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const deepLink = "/manager/orders?status=cancelled&type=TAKEOUT";
    await page.goto(deepLink);
    await expect(page).toHaveURL(`${baseURL}/sign-in?next=${encodeURIComponent(deepLink)}`);
    await page.getByLabel("E-mail").fill(ACCOUNTS.manager.email);
    await page.getByLabel("Senha").fill(ACCOUNTS.manager.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(`${baseURL}${deepLink}`);
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("cancelled");

    // Signed out again, a link naming another site as where to go next.
    await context.clearCookies();
    for (const attack of [
      "/sign-in?callbackUrl=https%3A%2F%2Fevil.example%2Fmanager",
      "/sign-in?next=%2F%2Fevil.example%2Fmanager",
      "/sign-in?next=https%3A%2F%2Fevil.example%2Fmanager&callbackUrl=%2Fmanager",
    ]) {
      await page.goto(attack);
      await page.getByLabel("E-mail").fill(ACCOUNTS.manager.email);
      await page.getByLabel("Senha").fill(ACCOUNTS.manager.password);
      await page.getByRole("button", { name: "Entrar" }).click();
      await page.waitForURL((url) => url.pathname !== "/sign-in");
      expect(new URL(page.url()).origin, attack).toBe(new URL(baseURL!).origin);
      expect(new URL(page.url()).pathname, attack).toBe("/board");
      await context.clearCookies();
    }
  } finally {
    await context.close();
  }
});
