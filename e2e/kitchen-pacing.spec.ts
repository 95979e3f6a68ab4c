import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signInBrowser } from "./support/browser";
import { cardIn, createOrder, openLiveBoard } from "./support/board";

// Kitchen pacing (issue 27, point 10) in the browser at 1024×768: the manager turns it on in the
// store's kitchen settings; with the kitchen past its capacity the server's worker turns busy mode
// on, the platform gets the merchantUpdate, the board says why, in pt-BR, as automatic, and
// Operations' audit names the change "automático".

test.skip(({ isMobile }) => isMobile, "the board's store controls run on the tablet");

/** The worker's 5 s round, then the board's 10 s re-read of the merchant state. */
const PACED = { timeout: 30_000 };

async function firstStoreId(request: APIRequestContext): Promise<string> {
  const merchants = (await (await request.get("/sandbox/control/merchants")).json()) as Array<{ merchantId: string }>;
  return merchants[0]!.merchantId;
}

const merchantUpdates = async (request: APIRequestContext) =>
  ((await (await request.get("/sandbox/control/requests?path=/v1/merchantUpdate")).json()) as unknown[]).length;

/** The manager's store page: pacing on or off, with a capacity of 1 and a limit no test reaches. */
async function setPacing(manager: Page, enabled: boolean) {
  await manager.goto("/manager/store");
  const form = manager.getByRole("region", { name: "Cozinha", exact: true });
  await form.getByLabel("Capacidade (itens em preparo ao mesmo tempo)", { exact: true }).fill("1");
  await form.getByLabel("Limite (itens em preparo)", { exact: true }).fill("1000");
  await form
    .getByRole("checkbox", { name: "Ligar o movimento alto e pausar a loja sozinho conforme a carga da cozinha" })
    .setChecked(enabled);
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(form.getByRole("status")).toHaveText("Salvo.");
}

test("past its capacity the kitchen turns busy mode on by itself, and the board says why", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLiveBoard(page);
  const storeId = await firstStoreId(page.request);
  // Busy mode a person left on would win over pacing: start from off.
  await page.request.post(`/api/merchant/${storeId}`, { data: { action: "busy", minutes: 0 } });
  const manager = await browser.newPage({ baseURL });
  await signInBrowser(manager, "manager");
  const before = await merchantUpdates(page.request);
  await setPacing(manager, true);
  try {
    for (let i = 0; i < 2; i++) {
      const { displayId } = await createOrder(page.request);
      const confirm = cardIn(page, "Novos", displayId).getByRole("button", { name: /^Confirmar/ });
      await expect(confirm).toBeVisible(PACED);
      await confirm.tap();
      await expect(cardIn(page, "Em preparo", displayId)).toBeVisible(PACED);
    }
    const reason = page.getByTestId("pacing-busy");
    await expect(reason).toHaveText(
      /^Cozinha cheia: \d+ itens em preparo \(capacidade 1\) — \+\d+ min automático$/,
      PACED,
    );
    await expect(reason).toBeInViewport();
    expect(await merchantUpdates(page.request)).toBeGreaterThan(before);

    // The audit: Operations names the change as automatic, with the load pacing saw.
    await manager.goto("/manager/operations");
    const changes = manager
      .locator(`[data-testid="merchant-operations"][data-store="${storeId}"]`)
      .getByRole("region", { name: "Últimas mudanças de pausa e movimento alto" });
    await expect(changes.getByRole("listitem").first()).toHaveText(
      /Movimento alto \+\d+ min — automático \(\d+ itens em preparo, capacidade 1\)$/,
    );
  } finally {
    // Off again: pacing undoes what it turned on, so later specs find busy mode off.
    await setPacing(manager, false);
    await manager.close();
  }
  await expect(page.getByTestId("pacing-busy")).toHaveCount(0, PACED);
});
