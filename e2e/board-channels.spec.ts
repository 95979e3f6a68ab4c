import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { ChannelStatus } from "@/lib/contract/stream";
import { chipTextColor } from "@/components/board/channels/chip-colors";
import { LIVE, openLiveBoard, startShift } from "./support/board";
import { signInBrowser } from "./support/browser";
import { boardCards, clearLiveOrders, fullyShown, postAction } from "./support/kitchen-rush";

/**
 * Issue 28, "one board per restaurant": the demo kitchen sells on two platforms (the embedded
 * sandbox's first and second, /sandbox and /sandbox/p2), one channel each. Each card names its
 * channel, a filter by channel hides what a tablet does not want and says how many it hides, and
 * a channel that is down says so on its own chip. At 1024×768 in pt-BR; SCREENSHOTS=<dir> keeps
 * the looks at 1024×768 and on a phone with 1 and with 40 orders.
 */
test.skip(({ isMobile }) => isMobile, "the board's channels are checked on the tablet (the phone is shot below)");

const NEW = "Novos";
const COOKING = "Em preparo";
const ALLERGY_NOTE = "SEM LACTOSE - cliente intolerante";

type Platform = { name: string; controlPath: string };

/** The sandbox's platforms, the first first (`/sandbox/control`, `/sandbox/p2/control`). */
async function platforms(request: APIRequestContext): Promise<Platform[]> {
  const answer = await request.get("/sandbox/control/platforms");
  expect(answer.ok(), await answer.text()).toBe(true);
  const list = (await answer.json()) as Platform[];
  expect(list.length, "the demo has two platforms").toBeGreaterThanOrEqual(2);
  // Mounted in Comanda, the paths already start with /sandbox.
  return list.map((platform) => ({
    ...platform,
    controlPath: platform.controlPath.startsWith("/sandbox") ? platform.controlPath : `/sandbox${platform.controlPath}`,
  }));
}

type Placed = { id: string; displayId: string; channelId: string };

/**
 * Places an order on a platform for the demo kitchen's restaurant (its first merchant there) and
 * waits for its card. Each platform numbers its orders from the same first number: two cards may
 * show one number, which their chips tell apart. The card is found by its id (the platform's, under
 * the connection's prefix).
 */
async function placeOn(page: Page, platform: Platform, more: Record<string, unknown> = {}): Promise<Placed> {
  return (await placeMany(page, [platform], more))[0]!;
}

/** Places one order on each of `platforms` (in parallel), then waits for their cards. */
async function placeMany(
  page: Page,
  platforms: readonly Platform[],
  more: Record<string, unknown> = {},
): Promise<Placed[]> {
  const placed = await Promise.all(platforms.map((platform) => placeOnly(page, platform, more)));
  let cards: Array<{ id: string; channelId: string }> = [];
  const cardOfOrder = (orderId: string) =>
    cards.find((candidate) => candidate.id === orderId || candidate.id.endsWith(`~${orderId}`));
  await expect
    .poll(
      async () => {
        cards = (await boardCards(page.request)) as unknown as Array<{ id: string; channelId: string }>;
        return placed.every(({ orderId }) => cardOfOrder(orderId));
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return placed.map(({ orderId, displayId }) => ({
    id: cardOfOrder(orderId)!.id,
    displayId,
    channelId: cardOfOrder(orderId)!.channelId,
  }));
}

async function placeOnly(
  page: Page,
  platform: Platform,
  more: Record<string, unknown>,
): Promise<{ orderId: string; displayId: string }> {
  const request = page.request;
  const merchants = (await (await request.get(`${platform.controlPath}/merchants`)).json()) as Array<{
    merchantId: string;
  }>;
  const created = await request.post(`${platform.controlPath}/orders`, {
    data: { type: "TAKEOUT", orderTiming: "INSTANT", extraInfo: null, merchantId: merchants[0]!.merchantId, ...more },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };
  const { order } = (await (await request.get(`${platform.controlPath}/orders/${orderId}`)).json()) as {
    order: { displayId: string };
  };
  return { orderId, displayId: order.displayId };
}

/** The order's card in a lane, by its id (numbers may repeat across platforms); a split ticket's first part. */
function cardOf(page: Page, column: string, order: Placed): Locator {
  return partsOf(page, column, order).first();
}

/** Every part of the order's card in a lane (a cooking ticket may be in parts). */
function partsOf(page: Page, column: string, order: Placed): Locator {
  return page
    .getByRole("region", { name: column, exact: true })
    .locator(`li[data-order-id="${order.id}"]`)
    .getByRole("article");
}

/** Opens the order's details from its card. */
async function openDetailsOf(page: Page, column: string, order: Placed): Promise<Locator> {
  await cardOf(page, column, order)
    .first()
    .getByRole("button", { name: `Abrir pedido ${order.displayId}`, exact: true })
    .tap({ position: { x: 6, y: 6 } });
  const dialog = page.getByRole("dialog", { name: `Pedido ${order.displayId}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The channels the board's stream names (its first status message), read as the tablet's browser would. */
async function streamChannels(page: Page): Promise<ChannelStatus[]> {
  return page.evaluate(async () => {
    const controller = new AbortController();
    const response = await fetch("/api/board/stream", { signal: controller.signal });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended before a status");
      buffer += decoder.decode(value, { stream: true });
      const match = /event: status\ndata: (.*)\n/.exec(buffer);
      if (match) {
        controller.abort();
        return (JSON.parse(match[1]!) as { channels?: ChannelStatus[] }).channels ?? [];
      }
    }
  });
}

async function recordPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const printed: string[] = [];
    (window as unknown as { printed: string[] }).printed = printed;
    window.print = () => {
      printed.push(document.querySelector(".print-ticket article")?.textContent ?? "(nothing)");
    };
  });
}

/** The chip's accessible name: its platform said once (not again when the label is the platform's name). */
const channelName = (channel: ChannelStatus) =>
  channel.platform === null || channel.platform.toLowerCase() === channel.label.toLowerCase()
    ? `Canal ${channel.label}${channel.platform === null ? " (próprio)" : ""}`
    : `Canal ${channel.label} (${channel.platform})`;
/** What the printed ticket says of the channel. */
const printedChannel = (channel: ChannelStatus) =>
  channel.platform === null || channel.platform.toLowerCase() === channel.label.toLowerCase()
    ? `Canal: ${channel.label}`
    : `Canal: ${channel.label} (${channel.platform})`;

test.describe("the board's channels", () => {
  let both: [Platform, Platform];

  test.beforeEach(async ({ page, request }) => {
    const list = await platforms(request);
    both = [list[0]!, list[1]!];
    await recordPrints(page);
    await openLiveBoard(page);
    await clearLiveOrders(page.request);
  });

  test.afterEach(async ({ request }) => {
    await request.delete(`${both[1].controlPath}/faults`);
  });

  test("each card names its channel beside the number, and an item's allergy note stays on it", async ({ page }) => {
    const withNote = await placeOn(page, both[0], {
      items: [
        {
          code: "PZ-GRANDE",
          options: [{ code: "SAB-CALABRESA" }, { code: "MASSA-TRADICIONAL" }],
          specialInstructions: ALLERGY_NOTE,
        },
        { code: "BEB-GUARANA-2L" },
      ],
    });
    const other = await placeOn(page, both[1]);
    expect(withNote.channelId).not.toBe(other.channelId);
    const channels = await streamChannels(page);
    const first = channels.find((channel) => channel.id === withNote.channelId)!;
    const second = channels.find((channel) => channel.id === other.channelId)!;
    expect(first.storeId).toBe(second.storeId);

    for (const [order, channel] of [
      [withNote, first],
      [other, second],
    ] as const) {
      const card = cardOf(page, NEW, order);
      await expect(card).toBeVisible(LIVE);
      const chip = card.getByRole("img", { name: channelName(channel) });
      await expect(chip).toBeVisible();
      await expect(chip).toHaveText(channel.label);
      // The label in black or white, whichever reads on the channel's colour.
      const style = await chip.evaluate((node) => getComputedStyle(node).color);
      expect(style).toBe(chipTextColor(channel.color) === "#000000" ? "rgb(0, 0, 0)" : "rgb(255, 255, 255)");
      // Beside the number, on its line.
      const number = card.locator("[data-order-number]");
      const [numberBox, chipBox] = [await number.boundingBox(), await chip.boundingBox()];
      expect(Math.abs(numberBox!.y + numberBox!.height / 2 - (chipBox!.y + chipBox!.height / 2))).toBeLessThan(8);
    }

    // The allergy note is whole on the New row, and on the cooking ticket, beside the chip.
    const row = cardOf(page, NEW, withNote);
    await expect(row.getByText(ALLERGY_NOTE)).toBeVisible();
    expect(await fullyShown(row.getByText(ALLERGY_NOTE))).toBe(true);
    await postAction(page.request, withNote.id, "confirm");
    const ticket = cardOf(page, COOKING, withNote);
    await expect(ticket).toBeVisible(LIVE);
    // Every part of the ticket names the channel, and the note is whole on the one that has it.
    const parts = partsOf(page, COOKING, withNote);
    for (let index = 0; index < (await parts.count()); index++) {
      const chip = parts.nth(index).getByRole("img", { name: channelName(first) });
      await expect(chip).toBeVisible();
      expect(await fullyShown(chip)).toBe(true);
    }
    expect(await fullyShown(parts.getByText(ALLERGY_NOTE))).toBe(true);

    // The details name the channel and its platform; the printed ticket names the channel.
    const dialog = await openDetailsOf(page, COOKING, withNote);
    const named = dialog.getByTestId("order-channel");
    await expect(named.getByRole("img", { name: channelName(first) })).toBeVisible();
    await expect(named).toContainText(first.label);
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/channels-details-1024.png` });
    await dialog.getByRole("button", { name: "Imprimir" }).tap();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed.join("\n")))
      .toContain(printedChannel(first));
  });

  test("the filter shows the channels chosen, says how many it hides, stays on the tablet, and leaves the all-day counts whole", async ({
    page,
  }) => {
    const a = [await placeOn(page, both[0]), await placeOn(page, both[0])];
    const b = [await placeOn(page, both[1])];
    // One of each cooking, for the all-day counts.
    await postAction(page.request, a[1]!.id, "confirm");
    await postAction(page.request, b[0]!.id, "confirm");
    const channels = await streamChannels(page);
    const channelA = channels.find((channel) => channel.id === a[0]!.channelId)!;
    const channelB = channels.find((channel) => channel.id === b[0]!.channelId)!;
    await expect(cardOf(page, COOKING, b[0]!)).toBeVisible(LIVE);

    const filter = page.getByRole("group", { name: "Filtrar por canal" });
    await expect(filter.getByRole("button", { name: "Todos" })).toHaveAttribute("aria-pressed", "true");
    const toggleA = filter.getByRole("button", { name: new RegExp(`^${channelA.label}`) });
    const toggleB = filter.getByRole("button", { name: new RegExp(`^${channelB.label}`) });
    await expect(toggleA).toContainText("2");
    await expect(toggleB).toContainText("1");

    // The all-day counts before: every cooking order's items.
    await page.getByRole("button", { name: /Total/ }).tap();
    const allDay = page.getByRole("complementary").or(page.locator("#all-day-panel"));
    const before = await allDay.first().innerText();

    await toggleA.tap();
    await expect(toggleA).toHaveAttribute("aria-pressed", "true");
    await expect(filter.getByRole("button", { name: "Todos" })).toHaveAttribute("aria-pressed", "false");
    await expect(partsOf(page, COOKING, b[0]!)).toHaveCount(0);
    await expect(cardOf(page, NEW, a[0]!)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "1 pedido oculto pelo filtro" })).toBeVisible();
    // Every channel's orders are still made: the all-day counts do not move with the filter.
    expect(await allDay.first().innerText()).toBe(before);

    // Remembered on this tablet.
    await page.reload();
    await startShift(page);
    await expect(page.getByRole("group", { name: "Filtrar por canal" })).toBeVisible(LIVE);
    await expect(page.getByRole("status").filter({ hasText: "1 pedido oculto pelo filtro" })).toBeVisible(LIVE);
    await expect(cardOf(page, NEW, a[0]!)).toBeVisible();
    await expect(partsOf(page, COOKING, b[0]!)).toHaveCount(0);

    // An order arriving on the hidden channel is counted at once, never silently out of view.
    await placeOn(page, both[1]);
    await expect(page.getByRole("status").filter({ hasText: "2 pedidos ocultos pelo filtro" })).toBeVisible(LIVE);

    await page.getByRole("group", { name: "Filtrar por canal" }).getByRole("button", { name: "Todos" }).tap();
    await expect(cardOf(page, COOKING, b[0]!)).toBeVisible();
    await expect(page.getByText(/ocultos? pelo filtro/)).toHaveCount(0);
  });

  test("a channel that is down says so on its own chip, and the other looks as always", async ({ page, request }) => {
    const a = await placeOn(page, both[0]);
    const b = await placeOn(page, both[1]);
    const channels = await streamChannels(page);
    const channelA = channels.find((channel) => channel.id === a.channelId)!;
    const channelB = channels.find((channel) => channel.id === b.channelId)!;

    const faults = await request.put(`${both[1].controlPath}/faults`, {
      data: { rules: [{ route: "GET /v1/events:polling", errorRate: 1, errorStatus: 503 }] },
    });
    expect(faults.ok(), await faults.text()).toBe(true);
    const down = page.getByTestId("channels-down");
    // "Plataforma B sem conexão", its platform said to screen readers.
    await expect(down.locator(`[data-channel="${channelB.id}"]`)).toHaveText(
      new RegExp(`^${channelB.label} sem conexão`),
      { timeout: 30_000 },
    );
    await expect(down.locator(`[data-channel="${channelA.id}"]`)).toHaveCount(0);
    // The alarm says which of the restaurant's platforms is silent, not only that the restaurant is.
    await expect(page.getByRole("alert").filter({ hasText: "SEM CONTATO COM A PLATAFORMA" })).toContainText(
      ` · ${channelB.label}`,
    );
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/channels-down-1024.png` });
    // The cards of both channels stay as they were.
    await expect(cardOf(page, NEW, a).getByRole("img", { name: channelName(channelA) })).toBeVisible();
    await expect(cardOf(page, NEW, b).getByRole("img", { name: channelName(channelB) })).toBeVisible();

    await request.delete(`${both[1].controlPath}/faults`);
    await expect(page.getByTestId("channels-down")).toHaveCount(0, { timeout: 30_000 });
  });

  test("looks: 1 and 40 orders across two channels, at 1024×768 and on a phone", async ({ page }) => {
    test.setTimeout(180_000);
    const directory = process.env.SCREENSHOTS;
    test.skip(!directory, "SCREENSHOTS=<dir> keeps the looks");
    mkdirSync(directory!, { recursive: true });
    const shoot = async (name: string) => {
      for (const [size, viewport] of [
        ["1024", { width: 1024, height: 768 }],
        ["390", { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        await page.screenshot({ path: `${directory}/${name}-${size}.png`, animations: "disabled" });
      }
      await page.setViewportSize({ width: 1024, height: 768 });
    };

    const firstOrder = await placeOn(page, both[0], {
      items: [{ code: "PZ-MEDIA", options: [{ code: "SAB-PORTUGUESA" }], specialInstructions: ALLERGY_NOTE }],
    });
    await expect(cardOf(page, NEW, firstOrder)).toBeVisible(LIVE);
    await shoot("channels-1-order");

    const placed = [
      firstOrder,
      ...(await placeMany(
        page,
        Array.from({ length: 39 }, (_, index) => both[(index + 1) % 2]!),
      )),
    ];
    // A rush: half cooking, some ready.
    for (const order of placed.slice(0, 16)) await postAction(page.request, order.id, "confirm");
    for (const order of placed.slice(12, 16)) await postAction(page.request, order.id, "readyForPickup");
    await expect(page.getByRole("region", { name: NEW, exact: true }).getByRole("article")).toHaveCount(24, LIVE);
    await shoot("channels-40-orders");
    const channels = await streamChannels(page);
    const channelA = channels.find((channel) => channel.id === firstOrder.channelId)!;
    await page
      .getByRole("group", { name: "Filtrar por canal" })
      .getByRole("button", { name: new RegExp(`^${channelA.label}`) })
      .tap();
    await shoot("channels-40-orders-filtered");
    // The next spec starts from a calm board.
    await clearLiveOrders(page.request);
  });
});

test("the manager's order page names the order's channel and its platform", async ({ page }) => {
  const [, second] = await platforms(page.request);
  await signInBrowser(page, "manager");
  const order = await placeOn(page, second!);
  await page.goto(`/manager/orders/${encodeURIComponent(order.id)}`);
  const channel = (await streamChannels(page)).find((candidate) => candidate.id === order.channelId)!;
  const named = page.getByTestId("order-channel");
  await expect(named.getByRole("img", { name: channelName(channel) })).toBeVisible();
  await expect(named).toContainText(channel.label);
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/channels-manager-order-1024.png` });
});
