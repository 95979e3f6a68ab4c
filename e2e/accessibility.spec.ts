import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { cardIn, createOrder, openDetails, openLiveBoard, showFinished } from "./support/board";

/**
 * axe-core on the board, the details dialog and the action dialogs (confirm, dispatch, cancel),
 * in both themes: no serious or critical violation. Motion reduced, so arriving cards are audited
 * at their final colours rather than mid-animation.
 */
test.skip(({ isMobile }) => isMobile, "one audit, at the tablet's size");
test.use({ contextOptions: { reducedMotion: "reduce" } });

const LIVE = { timeout: 15_000 };
/** SCREENSHOTS=<dir>: also keeps the audited screens, to look at. */
const SCREENSHOTS = process.env.SCREENSHOTS;

async function expectNoSeriousViolation(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  expect(serious, `axe on ${where}`).toEqual([]);
}

for (const theme of ["dark", "light"] as const) {
  test(`${theme} theme: board, details and action dialogs pass axe`, async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await page.context().addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await openLiveBoard(page);
    await expect(page.locator("html")).toHaveClass(theme);

    const fresh = await createOrder(request, "DELIVERY");
    const cooking = await createOrder(request, "DELIVERY");
    await expect(cardIn(page, "Novos", fresh.displayId)).toBeVisible(LIVE);
    await expect(cardIn(page, "Novos", cooking.displayId)).toBeVisible(LIVE);
    await request.post(`/sandbox/control/orders/${fresh.id}/customer-cancellation`);
    await expect(cardIn(page, "Novos", fresh.displayId).getByText("Pedem cancelamento")).toBeVisible(LIVE);
    await showFinished(page);
    await expectNoSeriousViolation(page, "the board");
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/board-${theme}.png` });

    await page.getByRole("button", { name: "Ajustes do tablet" }).tap();
    // As a person sees it: once its code has loaded (until then the button points at nothing).
    await expect(page.getByRole("region", { name: "Ajustes do tablet" })).toBeVisible();
    await expectNoSeriousViolation(page, "the device settings");
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/settings-${theme}.png` });
    await page.keyboard.press("Escape");

    // New, asked to cancel: confirm with preparation times, accept / deny the cancellation.
    let dialog = await openDetails(page, fresh.displayId);
    await expect(dialog.getByRole("list", { name: "Itens" })).toBeVisible();
    await expectNoSeriousViolation(page, "the details dialog (confirm)");
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/details-${theme}.png` });
    await dialog.getByRole("button", { name: "Recusar cancelamento" }).tap();
    await expectNoSeriousViolation(page, "the deny-cancellation form");
    await page.keyboard.press("Escape");

    // Cancel: the reason form, then the second question.
    dialog = await openDetails(page, cooking.displayId);
    await dialog.getByRole("button", { name: "Cancelar pedido" }).tap();
    await expectNoSeriousViolation(page, "the cancel form");
    await dialog.getByLabel("Motivo").selectOption({ index: 3 });
    await dialog.getByLabel("Explique").fill("Acabou o queijo");
    await dialog.getByRole("button", { name: "Continuar" }).tap();
    await expect(dialog.getByRole("group", { name: "Cancelar este pedido?" })).toBeVisible();
    await expectNoSeriousViolation(page, "the cancel confirmation");
    await dialog.getByRole("button", { name: "Voltar" }).tap();
    await dialog.getByRole("button", { name: "Voltar" }).tap();

    // Dispatch: confirmed, then the tracking form.
    await dialog.getByRole("button", { name: "Confirmar", exact: true }).tap();
    await dialog.getByRole("button", { name: "Despachar…" }).tap();
    await expect(dialog.getByLabel("Entregador (opcional)")).toBeVisible();
    await expectNoSeriousViolation(page, "the dispatch form");
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dispatch-${theme}.png` });
  });
}
