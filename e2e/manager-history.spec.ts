import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { signInBrowser } from "./support/browser";

/**
 * The manager's order history: orders placed on the sandbox platform, found in Comanda by display
 * id, customer name and phone, filtered, opened with their timeline and audit, exported as CSV;
 * an order Comanda never received shows as "platform only".
 * Screenshots (1024×768 and a phone) when SCREENSHOTS=<directory> is set.
 */

test.skip(({ isMobile }) => isMobile, "the back-office is checked at the tablet size; the phone shot is taken here");

interface PlacedOrder {
  id: string;
  displayId: string;
  customer: string;
  phone: string;
  type: string;
}

async function merchants(request: APIRequestContext): Promise<Array<{ merchantId: string; name: string }>> {
  return (await (await request.get("/sandbox/control/merchants")).json()) as Array<{
    merchantId: string;
    name: string;
  }>;
}

async function placeOrder(
  request: APIRequestContext,
  type: "DELIVERY" | "TAKEOUT",
  merchantIndex = 0,
): Promise<PlacedOrder> {
  const merchantId = (await merchants(request))[merchantIndex]!.merchantId;
  const created = await request.post("/sandbox/control/orders", { data: { type, merchantId, orderTiming: "INSTANT" } });
  expect(created.status(), await created.text()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };
  const { order } = (await (await request.get(`/sandbox/control/orders/${orderId}`)).json()) as {
    order: { displayId: string; type: string; customer: { name: string; phone: { number: string } } };
  };
  return {
    id: orderId,
    displayId: order.displayId,
    customer: order.customer.name,
    phone: order.customer.phone.number,
    type: order.type,
  };
}

/** Waits until Comanda has ingested these orders (the poller runs every 2 s). */
async function waitForComanda(page: Page, orders: PlacedOrder[], timeout = 30_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await page.request.get("/api/manager/orders");
        const body = (await response.json()) as { rows: Array<{ id: string; source: string }> };
        return orders.every((order) => body.rows.some((row) => row.id === order.id && row.source !== "platform"));
      },
      { timeout },
    )
    .toBe(true);
}

const list = (page: Page) => page.getByRole("list", { name: "Pedidos encontrados" });
const entry = (page: Page, displayId: string) =>
  list(page)
    .getByRole("listitem")
    .filter({ hasText: `Pedido #${displayId}` });

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel("Buscar").fill(text);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await page.waitForURL(/q=/);
}

/** RFC 4180 parsing, as a spreadsheet would read the file. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n") {
      row.push(field.replace(/\r$/, ""));
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

test("history: search, filters, details with audit, CSV export and platform-only orders", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signInBrowser(page, "manager");
  const request = page.request;
  const delivery = await placeOrder(request, "DELIVERY");
  const takeout = await placeOrder(request, "TAKEOUT");
  const otherStore = await placeOrder(request, "DELIVERY", 1);
  await waitForComanda(page, [delivery, takeout, otherStore]);

  // Confirm one, so that it has an action in its audit and another status.
  const confirmed = await request.post(`/api/orders/${takeout.id}/actions/confirm`, { data: { preparationTime: 20 } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await page.goto("/manager/orders");
  await expect(page.getByRole("heading", { name: "Pedidos", level: 1 })).toBeVisible();
  await expect(entry(page, delivery.displayId)).toBeVisible();
  await expect(entry(page, takeout.displayId)).toBeVisible();

  // By display id: that order only.
  await search(page, delivery.displayId);
  await expect(entry(page, delivery.displayId)).toBeVisible();
  await expect(entry(page, takeout.displayId)).toHaveCount(0);

  // By customer name (another case, no accents needed) and by phone digits.
  await search(
    page,
    takeout.customer
      .toLowerCase()
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, ""),
  );
  await expect(entry(page, takeout.displayId)).toBeVisible();
  await expect(entry(page, takeout.displayId)).toContainText(takeout.customer);
  await search(page, takeout.phone.replace(/\D/g, "").slice(-8));
  await expect(entry(page, takeout.displayId)).toBeVisible();
  await expect(entry(page, takeout.displayId)).toContainText(takeout.phone);

  // Filters: type, status, store — and the URL carries them (a shareable view).
  await page.goto("/manager/orders");
  await page.getByLabel("Tipo").selectOption("TAKEOUT");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await page.waitForURL(/type=TAKEOUT/);
  await expect(entry(page, takeout.displayId)).toBeVisible();
  await expect(entry(page, delivery.displayId)).toHaveCount(0);
  await page.goto("/manager/orders?status=preparing");
  await expect(page.getByLabel("Status")).toHaveValue("preparing");
  await expect(entry(page, takeout.displayId)).toBeVisible();
  await expect(entry(page, takeout.displayId)).toContainText("Em preparo");
  await expect(entry(page, delivery.displayId)).toHaveCount(0);
  const [first, second] = await merchants(request);
  await page.goto(`/manager/orders?store=${second!.merchantId}`);
  await expect(entry(page, otherStore.displayId)).toBeVisible();
  await expect(entry(page, delivery.displayId)).toHaveCount(0);
  await page.goto(`/manager/orders?store=${first!.merchantId}&from=2020-01-01&to=2020-01-31`);
  await expect(page.getByText("Nenhum pedido encontrado com esses filtros.")).toBeVisible();

  // Details: items, customer, and the whole timeline with the audit of the confirm.
  await page.goto(`/manager/orders?q=${takeout.displayId}`);
  await entry(page, takeout.displayId)
    .getByRole("link", { name: `Pedido #${takeout.displayId}` })
    .click();
  await expect(page.getByRole("heading", { name: `Pedido #${takeout.displayId}`, level: 1 })).toBeVisible();
  await expect(page.getByText(takeout.customer).first()).toBeVisible();
  const audit = page.getByRole("region", { name: "Linha do tempo e auditoria" });
  await expect(audit.getByText("Pedido recebido")).toBeVisible();
  const confirmEntry = audit
    .getByRole("listitem")
    .filter({ hasText: "Ação da equipe" })
    .filter({ hasText: "Confirmado" });
  await expect(confirmEntry).toContainText("aceita");
  await expect(confirmEntry).toContainText(/por .+/);
  await confirmEntry.getByText("Enviado à plataforma").click();
  await expect(confirmEntry).toContainText("orderExternalCode");
  await expect(confirmEntry.getByText(/Resposta da plataforma \(HTTP 20\d\)/)).toBeVisible();

  // An order Comanda never received (its polls fail while it is placed): platform only.
  await request.put("/sandbox/control/faults", {
    data: { rules: [{ route: "GET /v1/events:polling", errorRate: 1, errorStatus: 503 }] },
  });
  let missing: PlacedOrder | undefined;
  try {
    missing = await placeOrder(request, "DELIVERY");
    const placedMissing = missing;
    await page.goto(`/manager/orders?q=${missing.displayId}`);
    await expect(entry(page, missing.displayId)).toContainText("Só na plataforma");
    await expect(entry(page, missing.displayId).getByRole("link")).toHaveCount(0);

    // CSV of the first store, same filters as the page: one row per order, named columns.
    await page.goto(`/manager/orders?store=${first!.merchantId}`);
    const total = Number(/(\d+) pedidos?/.exec((await page.getByText(/pedidos? de /).textContent()) ?? "")?.[1]);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^comanda-orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await file.path())!, "utf8");
    expect(text.charCodeAt(0), "UTF-8 byte order mark").toBe(0xfeff);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([
      "Loja",
      "Número",
      "ID do pedido",
      "Feito em (ISO)",
      "Feito em (horário local)",
      "Tipo",
      "Status no Comanda",
      "Status na plataforma",
      "Cliente",
      "Telefone",
      "Itens",
      "Total",
      "Moeda",
      "Pagamento",
      "Origem",
      "Motivo do cancelamento",
    ]);
    expect(rows.length).toBe(total);
    const column = (name: string) => header!.indexOf(name);
    const ids = rows.map((row) => row[column("ID do pedido")]);
    expect(new Set(ids).size, "one row per order").toBe(rows.length);
    for (const row of rows) expect(row).toHaveLength(header!.length);
    const takeoutRow = rows.find((row) => row[column("ID do pedido")] === takeout.id)!;
    expect(takeoutRow[column("Cliente")]).toBe(takeout.customer);
    expect(takeoutRow[column("Telefone")]).toBe(takeout.phone);
    expect(takeoutRow[column("Status no Comanda")]).toBe("Em preparo");
    expect(takeoutRow[column("Origem")]).toBe("both");
    expect(takeoutRow[column("Itens")]).toMatch(/^\d+× /);
    expect(rows.find((row) => row[column("ID do pedido")] === placedMissing.id)?.[column("Origem")]).toBe("platform");
    expect(ids).not.toContain(otherStore.id);
  } finally {
    await request.delete("/sandbox/control/faults");
  }
  // Once polling works again, Comanda receives it: no longer "platform only" (and the poller is
  // back on its interval before the next spec).
  await waitForComanda(page, [missing!], 70_000);
  await screenshots(page, browser, takeout.id);
});

async function screenshots(page: Page, browser: Browser, orderId: string): Promise<void> {
  const directory = process.env.SCREENSHOTS;
  if (!directory) return;
  await page.goto("/manager/orders");
  await page.screenshot({ path: `${directory}/history-tablet.png` });
  await page.goto(`/manager/orders/${orderId}`);
  await page.screenshot({ path: `${directory}/history-details-tablet.png`, fullPage: true });
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: "pt-BR",
    hasTouch: true,
    isMobile: true,
    baseURL: page.url(),
  });
  await phone.addCookies(await page.context().cookies());
  const phonePage = await phone.newPage();
  await phonePage.goto(new URL("/manager/orders", page.url()).toString());
  await phonePage.screenshot({ path: `${directory}/history-phone.png`, fullPage: true });
  await phonePage.goto(new URL(`/manager/orders/${orderId}`, page.url()).toString());
  await phonePage.screenshot({ path: `${directory}/history-details-phone.png`, fullPage: true });
  await phone.close();
}
