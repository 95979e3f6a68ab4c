import { expect, test } from "@playwright/test";
import { signInBrowser } from "./support/browser";
import { LIVE } from "./support/board";
import { demoRestaurant } from "./support/channels";

/**
 * Issue 28's "one menu, mapped" at 1024×768 in pt-BR: the manager imports the demo restaurant's
 * menu, sees what of platform B's catalogue (listed its own way, lib/sandbox/catalog/
 * platform-catalogue.ts) did not pair with it, and pairs one item by hand. The import is the
 * default one (platform A's catalogue, as every spec importing the menu makes it); the hand pair
 * is undone at the end, so no spec after this one sees it.
 */

test.skip(({ isMobile }) => isMobile, "the store page's pairing is laid out for the tablet");

type Mapping = { channels: Array<{ id: string; pairs: Array<{ channelItemId: number; matchedBy: string | null }> }> };

test("a manager sees platform B's unpaired items and pairs one by hand", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInBrowser(page, "manager");
  const { storeId } = await demoRestaurant(page.request);
  try {
    await page.goto(`/manager/store?store=${encodeURIComponent(storeId)}`);
    const panel = page.getByRole("region", { name: "Itens de cada canal" });
    await expect(panel.getByRole("checkbox", { name: "Plataforma A" })).toBeChecked();
    await expect(panel.getByRole("checkbox", { name: "Plataforma B" })).not.toBeChecked();
    await panel.getByRole("button", { name: "Importar e vincular os cardápios", exact: true }).click();

    const b = panel.getByRole("region", { name: "Plataforma B" });
    const unpaired = b.getByRole("list", { name: "Itens sem vínculo em Plataforma B" });
    // B's 4th item has another code and another name; its combo is its own (see the sandbox's README).
    await expect(unpaired.getByRole("listitem")).toHaveCount(2, LIVE);
    await expect(unpaired).toContainText("Combo exclusivo do app");
    await expect(b).toContainText(/\d+ de \d+ itens deste canal vinculados ao cardápio\./);

    const row = unpaired.getByRole("listitem").filter({ hasText: / especial/ });
    const theirs = (await row.locator("span").first().textContent())!;
    const ours = theirs.replace(/ especial$/, "");
    // Nothing is picked for the manager: "Vincular" waits for a choice.
    await expect(row.getByRole("button", { name: "Vincular", exact: true })).toBeDisabled();
    const select = row.getByRole("combobox", { name: "Vincular a" });
    const option = select.locator("option").filter({ hasText: new RegExp(` · ${escape(ours)}$`) });
    await select.selectOption((await option.getAttribute("value"))!);
    await row.getByRole("button", { name: "Vincular", exact: true }).click();

    await expect(unpaired.getByRole("listitem")).toHaveCount(1, LIVE);
    const byHand = b.getByRole("list", { name: "Itens vinculados à mão em Plataforma B" });
    await expect(byHand).toContainText(`${theirs} → ${ours}`);
    await panel.screenshot({ path: test.info().outputPath("menu-mapping-1024x768.png") });

    // Undone: the item is unpaired again, and nothing is left linked by hand.
    await byHand.getByRole("button", { name: "Desfazer", exact: true }).click();
    await expect(unpaired.getByRole("listitem")).toHaveCount(2, LIVE);
    await expect(byHand).toHaveCount(0);
  } finally {
    // Whatever happened above, no hand pair is left for the specs that follow.
    const mapping = (await (
      await page.request.get(`/api/manager/stores/${encodeURIComponent(storeId)}/menu-mapping`)
    ).json()) as Mapping;
    for (const channel of mapping.channels ?? [])
      for (const pair of channel.pairs.filter((p) => p.matchedBy === "hand"))
        await page.request.post(`/api/merchant/${encodeURIComponent(storeId)}`, {
          data: { action: "pairItem", channelId: channel.id, channelItemId: pair.channelItemId, itemId: null },
        });
  }
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
