import { expect, test } from "@playwright/test";
import { signInBrowser } from "./support/browser";
import { cardIn, createOrder, openDetails, openLiveBoard } from "./support/board";

/**
 * The board's clock times are the store's, not the tablet's: the browser here runs in Tokyo
 * (UTC+9), the store first in São Paulo (UTC−3, the default) and then in Manaus (UTC−4).
 */

test.skip(({ isMobile }) => isMobile, "the flows run on the tablet");
test.use({ timezoneId: "Asia/Tokyo" });

const LIVE = { timeout: 15_000 };

const clockIn = (zone: string, iso: string) =>
  new Intl.DateTimeFormat("pt-BR", { timeZone: zone, hour: "2-digit", minute: "2-digit" }).format(new Date(iso));

test("the Scheduled lane and the timeline say the store's time, whatever the tablet's zone", async ({
  page,
  browser,
  baseURL,
}) => {
  const manager = await browser.newPage({ baseURL });
  await signInBrowser(manager, "manager");
  const merchants = (await (await manager.request.get("/sandbox/control/merchants")).json()) as Array<{
    merchantId: string;
  }>;
  const zoneUrl = `/api/manager/stores/${encodeURIComponent(merchants[0]!.merchantId)}/time-zone`;
  const setZone = async (timeZone: string) => {
    const saved = await manager.request.put(zoneUrl, { data: { timeZone } });
    expect(saved.ok(), await saved.text()).toBe(true);
  };

  try {
    await setZone("America/Sao_Paulo");
    await openLiveBoard(page);
    const { id, displayId } = await createOrder(page.request, "DELIVERY", "SCHEDULED");
    const card = cardIn(page, "Agendados", displayId);
    await expect(card).toBeVisible(LIVE);
    const read = await page.request.get(`/sandbox/control/orders/${id}`);
    const { order } = (await read.json()) as { order: { preparationStartDateTime: string } };
    const start = order.preparationStartDateTime;
    // Tokyo and São Paulo are 12 hours apart: the two clocks never read the same.
    expect(clockIn("Asia/Tokyo", start)).not.toBe(clockIn("America/Sao_Paulo", start));
    await expect(card).toContainText(`Preparo às ${clockIn("America/Sao_Paulo", start)}`);

    await setZone("America/Manaus");
    await openLiveBoard(page); // a fresh snapshot, with the store's new zone
    await expect(card).toContainText(`Preparo às ${clockIn("America/Manaus", start)}`, LIVE);
    // The details' timeline: the order's arrival in Manaus time too.
    const dialog = await openDetails(page, displayId);
    const timeline = dialog.getByRole("region", { name: "Histórico" });
    await expect(timeline.locator("time").first()).toHaveText(/^\d\d:\d\d$/, LIVE);
    const shown = await timeline.locator("time").first().getAttribute("datetime");
    await expect(timeline.locator("time").first()).toHaveText(clockIn("America/Manaus", shown!));
  } finally {
    await setZone("America/Sao_Paulo");
    await manager.close();
  }
});
