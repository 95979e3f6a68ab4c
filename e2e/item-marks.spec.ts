import { expect, test } from "@playwright/test";
import { cardIn, createOrder, LIVE, openLiveBoard, startShift } from "./support/board";
import { cardParts } from "./support/kitchen-rush";

test.use({ viewport: { width: 1024, height: 768 } });

test("a cook taps a ticket's line done: struck through on another tablet too, and after a reload", async ({
  page,
  browser,
}) => {
  await openLiveBoard(page);
  const { displayId } = await createOrder(page.request, "TAKEOUT");
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  await cardIn(page, "Novos", displayId)
    .getByRole("button", { name: /^Confirmar/ })
    .tap();
  const ticket = cardIn(page, "Em preparo", displayId);
  await expect(ticket).toBeVisible(LIVE);

  // A second tablet of the same kitchen.
  const other = await browser.newPage({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  await openLiveBoard(other);
  // The ticket's first line, in whichever part of a ticket too tall for the rail it sits (issue 27).
  const firstLine = (on: typeof page) =>
    cardParts(on, "Em preparo", displayId).getByRole("list", { name: "Itens" }).getByRole("button").first();
  await expect(firstLine(other)).toHaveAttribute("aria-pressed", "false");

  await firstLine(page).tap();
  await expect(firstLine(page)).toHaveAttribute("aria-pressed", "true");
  await expect(firstLine(page).locator("[data-item-line]")).toHaveCSS("text-decoration-line", "line-through");
  await expect(firstLine(other)).toHaveAttribute("aria-pressed", "true", LIVE);

  await other.reload();
  await startShift(other);
  await expect(firstLine(other)).toHaveAttribute("aria-pressed", "true", LIVE);
  // Tapped again, it is open again everywhere.
  await firstLine(other).tap();
  await expect(firstLine(page)).toHaveAttribute("aria-pressed", "false", LIVE);
  await other.close();
});
