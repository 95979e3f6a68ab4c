import { expect, test } from "@playwright/test";
import { confirmLeftovers } from "./support/alerts";
import { cardIn, chooseLanguage, createOrder } from "./support/board";
import { signInBrowser } from "./support/browser";

/** The Start shift screen and a board ringing for a new order, for people to look at. Opt-in: SCREENSHOTS=<dir>. */
const directory = process.env.SCREENSHOTS;
test.skip(!directory, "set SCREENSHOTS=<directory> to take the alerts' screenshots");

test("start shift and ringing board screenshots", async ({ page, request }) => {
  await signInBrowser(page, "kitchen");
  await page.goto("/board");
  await expect(page.getByRole("dialog", { name: "Começar o turno" })).toBeVisible();
  await page.screenshot({ path: `${directory}/start-shift.png` });
  await page.getByRole("button", { name: "Iniciar turno" }).tap();
  await confirmLeftovers(page);
  const { displayId } = await createOrder(request);
  await expect(cardIn(page, "Novos", displayId)).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${directory}/board-ringing.png` });
  await page.getByRole("button", { name: "Silenciar" }).tap();
  await page.screenshot({ path: `${directory}/board-muted.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${directory}/board-muted-phone.png`, fullPage: true });
});

test("a manager's two-store status bar, one platform outage, in English", async ({ page, request }) => {
  await signInBrowser(page, "manager");
  await page.goto("/board");
  await page.getByRole("button", { name: "Iniciar turno" }).tap();
  await chooseLanguage(page, "English");
  await expect(page.getByTestId("platform-contact")).toContainText("Pizzaria Bella Napoli");
  await page.screenshot({ path: `${directory}/manager-two-stores.png` });
  await request.put("/sandbox/control/faults", {
    data: { rules: [{ route: "GET /v1/events:polling", errorRate: 1, errorStatus: 503 }] },
  });
  try {
    await expect(page.getByRole("alert").filter({ hasText: "NO CONTACT WITH THE PLATFORM" }).first()).toBeVisible({
      timeout: 10_000,
    });
    await page.screenshot({ path: `${directory}/manager-platform-down-en.png` });
  } finally {
    await request.delete("/sandbox/control/faults");
    await chooseLanguage(page, "Português");
  }
});
