import { expect, test } from "@playwright/test";
import { signInBrowser } from "./support/browser";

/** A taken PIN on Staff: said in the viewer's language, and what the manager typed stays. */
test.skip(({ isMobile }) => isMobile, "the back office is checked at the tablet's size");

test("staff: a taken PIN is refused in Portuguese and the form keeps what was typed", async ({ page }) => {
  await signInBrowser(page, "manager");
  await page.goto("/manager/staff");
  const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Adicionar pessoa" }) });
  await expect(form).toBeVisible();
  await form.getByLabel("Nome").fill("Bruno Teste");
  // 1234 is the demo cook's PIN in the first store (scripts/e2e-server.mjs).
  await form.getByLabel("PIN (4 a 6 dígitos)").fill("1234");
  await form.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByText("Escolha outro PIN: este já é de outra pessoa nesta loja.")).toBeVisible();
  await expect(page.getByText(/Choose another PIN/)).toHaveCount(0);
  await expect(form.getByLabel("Nome")).toHaveValue("Bruno Teste");
  await expect(form.getByLabel("PIN (4 a 6 dígitos)")).toHaveValue("1234");
});
