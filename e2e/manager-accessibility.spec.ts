import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInBrowser } from "./support/browser";

/** axe-core on the back office's new screens (overview, history table, order page, time zone form, reports). */
test.skip(({ isMobile }) => isMobile, "one audit, at a laptop's size");
test.use({ viewport: { width: 1366, height: 900 }, contextOptions: { reducedMotion: "reduce" } });

test("back office pages pass axe (no serious or critical violation)", async ({ page }) => {
  test.setTimeout(120_000);
  await signInBrowser(page, "manager");
  const merchants = (await (await page.request.get("/sandbox/control/merchants")).json()) as Array<{
    merchantId: string;
  }>;
  const created = await page.request.post("/sandbox/control/orders", {
    data: { merchantId: merchants[0]!.merchantId, type: "TAKEOUT", orderTiming: "INSTANT" },
  });
  const { orderId } = (await created.json()) as { orderId: string };
  await expect
    .poll(async () => (await page.request.get(`/api/orders/${orderId}`)).status(), { timeout: 30_000 })
    .toBe(200);
  await page.request.post(`/api/orders/${orderId}/actions/confirm`, { data: { preparationTime: 15 } });

  for (const path of [
    "/manager",
    "/manager/orders",
    `/manager/orders/${orderId}`,
    "/manager/integrations",
    "/manager/reports",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle").catch(() => undefined);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      );
    expect(serious, `axe on ${path}`).toEqual([]);
  }
});
