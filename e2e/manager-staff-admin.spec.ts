import { expect, test } from "@playwright/test";
import { sandboxMerchantIds } from "./support/authorization/sandbox-orders";
import { signInBrowser } from "./support/browser";
import { signInCookie } from "./support/session";

/**
 * Staff, for a person locked out or leaving: a manager sees the lock and lifts it, sets a new
 * password (the old one stops working), and disabling asks first and says what it ends.
 */
test.skip(({ isMobile }) => isMobile, "the back office is checked at the tablet's size");

test("a manager unlocks a locked person, resets their password, and disabling asks twice", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL!;
  const [storeId] = await sandboxMerchantIds(base);
  const email = `lock-${Date.now()}@demo.comanda`;
  const password = "first-password-123";
  await signInBrowser(page, "manager");
  const added = await page.request.post("/api/staff", {
    data: { name: "Carla Travada", storeId, email, password },
  });
  expect(added.status()).toBe(201);

  // Five wrong passwords lock the account; then even the right one is refused.
  for (let i = 0; i < 5; i++)
    await expect(signInCookie(base, { email, password: `wrong-${i}-xxxxxxxx` })).rejects.toThrow();
  await expect(signInCookie(base, { email, password })).rejects.toThrow();

  await page.goto("/manager/staff");
  const row = page.getByRole("listitem").filter({ hasText: "Carla Travada" });
  await expect(row.getByText(/Bloqueado até/)).toBeVisible();
  await row.getByRole("button", { name: "Desbloquear" }).click();
  await expect(page.getByText("Desbloqueado: já pode entrar e digitar o PIN de novo.")).toBeVisible();
  await expect(row.getByText(/Bloqueado até/)).toHaveCount(0);
  expect(await signInCookie(base, { email, password })).toContain("comanda.session");

  // A new password: the old one no longer signs in, the new one does.
  const newPassword = "second-password-456";
  await row.getByLabel("Nova senha de Carla Travada").fill(newPassword);
  await row.getByRole("button", { name: "Definir senha" }).click();
  await expect(page.getByText(/Senha alterada/)).toBeVisible();
  await expect(signInCookie(base, { email, password })).rejects.toThrow();
  expect(await signInCookie(base, { email, password: newPassword })).toContain("comanda.session");

  // Disabling asks first and says what it ends; cancelling changes nothing.
  await row.getByRole("button", { name: "Desativar" }).click();
  const ask = row.getByRole("alertdialog", { name: "Desativar Carla Travada" });
  await expect(ask).toContainText("encerra agora todas as sessões");
  await expect(ask).toContainText("tablets");
  await ask.getByRole("button", { name: "Cancelar" }).click();
  await expect(ask).toHaveCount(0);
  await expect(row.getByText("Desativado", { exact: true })).toHaveCount(0);

  await row.getByRole("button", { name: "Desativar" }).click();
  await row.getByRole("button", { name: "Sim, desativar" }).click();
  await expect(row.getByText("Desativado", { exact: true })).toBeVisible();
  await expect(signInCookie(base, { email, password: newPassword })).rejects.toThrow();
});
