import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, DEMO_COOK } from "./support/accounts";
import { startShift } from "./support/board";
import { signInBrowser } from "./support/browser";
import { cardParts } from "./support/kitchen-rush";

/** Sign-in, sign-out and the kitchen tablet's PIN switch, in the browser (pt-BR, 1024×768 touch). */

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).tap();
}

async function createOrderInFirstStore(page: Page): Promise<{ id: string; displayId: string }> {
  const merchants = (await (await page.request.get("/sandbox/control/merchants")).json()) as Array<{
    merchantId: string;
    name: string;
  }>;
  const created = await page.request.post("/sandbox/control/orders", {
    data: { type: "TAKEOUT", orderTiming: "INSTANT", merchantId: merchants[0]!.merchantId },
  });
  const { orderId } = (await created.json()) as { orderId: string };
  const { order } = (await (await page.request.get(`/sandbox/control/orders/${orderId}`)).json()) as {
    order: { displayId: string };
  };
  return { id: orderId, displayId: order.displayId };
}

test("sign in from the board, then sign out ends the session", async ({ page, browser }) => {
  await page.goto("/board");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fboard$/);
  await expect(page.getByRole("heading", { name: "Entrar no Comanda" })).toBeVisible();

  await fillSignIn(page, ACCOUNTS.kitchen.email, ACCOUNTS.kitchen.password);
  await expect(page).toHaveURL(/\/board$/);
  await startShift(page);
  await expect(page.getByTestId("who")).toHaveText("Conectado como Cozinha demo");
  await expect(page.getByRole("status").filter({ hasText: /ao vivo/i })).toBeVisible({ timeout: 15_000 });
  const session = (await page.context().cookies()).find((cookie) => cookie.name.endsWith("comanda.session"));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");

  // Signing out is not one tap in the header (a wall board would stop ringing): the settings, asked twice.
  await expect(page.getByRole("button", { name: "Sair", exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Ajustes do tablet" }).tap();
  await page.getByRole("button", { name: "Sair deste quadro…" }).tap();
  const sure = page.getByRole("group", { name: "Sair deste quadro?" });
  await expect(sure).toContainText("Os alarmes param");
  await sure.getByRole("button", { name: "Sim, sair e parar os alarmes" }).tap();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/board");
  await expect(page).toHaveURL(/\/sign-in/);

  // The old cookie, replayed from elsewhere, no longer opens anything: the session ended on the server.
  const thief = await browser.newContext();
  await thief.addCookies([session!]);
  const replay = await thief.request.get("/api/orders");
  expect(replay.status()).toBe(401);
  await thief.close();
});

test("a wrong password is refused without telling whether the account exists", async ({ page }) => {
  await page.goto("/sign-in");
  await fillSignIn(page, ACCOUNTS.kitchen.email, "not-the-password");
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toHaveText(/E-mail ou senha incorretos\./);
  await expect(page).toHaveURL(/\/sign-in/);

  await fillSignIn(page, "nobody-here@demo.comanda", "whatever-it-is");
  await expect(alert).toHaveText(/E-mail ou senha incorretos\./);
  expect((await page.context().cookies()).some((cookie) => cookie.name.endsWith("comanda.session"))).toBe(false);
});

test("a manager makes a kitchen tablet; the cook switches in with a PIN and is recorded", async ({ page }) => {
  await signInBrowser(page, "manager");
  await page.goto("/board");
  await startShift(page);
  await expect(page.getByTestId("who")).toHaveText(/Marta/);

  // The manager turns this browser into the first store's kitchen tablet (the demo cook's store).
  const merchants = (await (await page.request.get("/sandbox/control/merchants")).json()) as Array<{ name: string }>;
  await page.getByLabel("Loja", { exact: true }).selectOption({ label: merchants[0]!.name });
  await page.getByRole("button", { name: "Usar como tablet da cozinha" }).tap();
  await expect(page.getByTestId("who")).toContainText(`Tablet da cozinha · ${merchants[0]!.name}`);
  await expect(page.getByTestId("who")).toContainText("Ninguém digitou o PIN");
  await startShift(page); // the page reloaded as the tablet
  await expect(page.getByRole("button", { name: "Usar como tablet da cozinha" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /ao vivo/i })).toBeVisible({ timeout: 15_000 });

  const { id, displayId } = await createOrderInFirstStore(page);
  const card = page
    .getByRole("region", { name: "Novos" })
    .getByRole("article", { name: `Pedido ${displayId}`, exact: true });
  await expect(card).toBeVisible({ timeout: 10_000 });

  // Without a PIN nobody can be recorded: the keypad opens right there, and the confirm goes through after it.
  await card.getByRole("button", { name: /Confirmar/ }).tap();
  const pad = page.getByRole("dialog", { name: "Digite seu PIN" });
  await expect(pad).toBeVisible();
  await expect(pad).toContainText("a ação é feita em seguida");

  // A wrong PIN, then the right one.
  for (const digit of "9999") await pad.getByRole("button", { name: `Dígito ${digit}` }).tap();
  await pad.getByRole("button", { name: "Entrar" }).tap();
  await expect(pad.getByRole("alert")).toHaveText(/PIN incorreto/);
  for (const digit of DEMO_COOK.pin) await pad.getByRole("button", { name: `Dígito ${digit}` }).tap();
  const keys = await pad.getByRole("button", { name: "Dígito 5" }).boundingBox();
  expect(keys?.height ?? 0).toBeGreaterThanOrEqual(48);
  await pad.getByRole("button", { name: "Entrar" }).tap();
  await expect(pad).toBeHidden();
  await expect(page.getByTestId("who")).toContainText(`Quem está trabalhando: ${DEMO_COOK.name}`);

  // The ticket may be in parts when the rail is short (other orders on the board): one of them says who.
  await expect(
    cardParts(page, "Em preparo", displayId).filter({ hasText: `Confirmado por ${DEMO_COOK.name}` }),
  ).toHaveCount(1);

  // The audit records the cook, not the manager who set the tablet up.
  const review = (await (await page.request.get(`/api/orders/${id}`)).json()) as {
    timeline: Array<{ kind: string; name: string; outcome?: string; actor?: string }>;
  };
  expect(review.timeline.filter((entry) => entry.kind === "action" && entry.outcome === "succeeded")).toEqual([
    expect.objectContaining({ name: "confirm", actor: DEMO_COOK.name }),
  ]);
});

test("a manager adds a cook with a PIN, who can then switch in; disabling them ends it", async ({ page }) => {
  await signInBrowser(page, "manager");
  await page.goto("/board");
  await startShift(page);
  await page.getByRole("link", { name: "Gestão" }).tap();
  await page.getByRole("navigation", { name: "Seções da gestão" }).getByRole("link", { name: "Equipe" }).tap();
  await expect(page.getByRole("heading", { name: "Equipe", level: 1 })).toBeVisible();

  const merchants = (await (await page.request.get("/sandbox/control/merchants")).json()) as Array<{ name: string }>;
  await page.getByLabel("Nome").fill("Bruno Teste");
  await page.getByLabel("Loja", { exact: true }).selectOption({ label: merchants[0]!.name });
  await page.getByLabel("PIN (4 a 6 dígitos)").fill("246810");
  await page.getByRole("button", { name: "Adicionar", exact: true }).tap();
  await expect(page.getByRole("status")).toHaveText("Adicionado.");
  const row = page
    .getByRole("list", { name: "Pessoas da equipe" })
    .getByRole("listitem")
    .filter({ hasText: "Bruno Teste" });
  await expect(row).toBeVisible();

  // The new PIN works on the manager's board…
  const pin = await page.request.post("/api/auth/pin", { data: { pin: "246810" } });
  expect(pin.status()).toBe(200);
  expect(await pin.json()).toEqual({ staff: { name: "Bruno Teste" } });

  // …until the manager disables Bruno (asked twice).
  await row.getByRole("button", { name: "Desativar" }).tap();
  await row.getByRole("button", { name: "Sim, desativar" }).tap();
  await expect(row).toContainText("Desativado");
  expect((await page.request.post("/api/auth/pin", { data: { pin: "246810" } })).status()).toBe(403);
});

test("behind an HTTPS proxy the session cookie is Secure, httpOnly and SameSite=Lax", async ({ baseURL }) => {
  const https = { "x-forwarded-proto": "https" };
  const csrf = await fetch(`${baseURL}/api/auth/csrf`, { headers: https });
  const csrfCookie = csrf.headers.getSetCookie().find((c) => c.startsWith("__Host-comanda.csrf="))!;
  expect(csrfCookie).toMatch(/; Secure/i);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${baseURL}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { ...https, "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie.split(";")[0]! },
    body: new URLSearchParams({ csrfToken, ...ACCOUNTS.kitchen, json: "true" }),
    redirect: "manual",
  });
  const session = signIn.headers.getSetCookie().find((c) => c.startsWith("__Secure-comanda.session="));
  expect(session).toBeDefined();
  expect(session).toMatch(/; Secure/i);
  expect(session).toMatch(/; HttpOnly/i);
  expect(session).toMatch(/; SameSite=Lax/i);
  // The same session works as a request over HTTPS would carry it.
  const orders = await fetch(`${baseURL}/api/orders`, { headers: { ...https, cookie: session!.split(";")[0]! } });
  expect(orders.status).toBe(200);
});
