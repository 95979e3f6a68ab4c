import { expect, test } from "@playwright/test";
import { confirmLeftovers, createInstantOrder, notesPlayed, soundState } from "./support/alerts";
import { cardIn, LIVE, openLiveBoard, startShift } from "./support/board";

/**
 * The board's sound: rings while a New order waits, mute for at most two minutes, urgent near a
 * confirm deadline, "stop cooking" when a confirmed order is cancelled. Real Web Audio in
 * Chromium, unlocked by tapping Start shift like a person; asserted on the state the page exposes.
 */

test("the alert rings while a new order waits and stops the moment it is confirmed", async ({ page, request }) => {
  // The alarm's loop runs on the page's timers: the test moves their clock instead of waiting.
  await page.clock.install();
  await openLiveBoard(page);
  await confirmLeftovers(page);
  await expect(soundState(page)).toHaveAttribute("data-audio", "running");
  await expect(soundState(page)).toHaveAttribute("data-sound", "silent", LIVE);

  const { displayId } = await createInstantOrder(request);
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  await expect(soundState(page)).toHaveAttribute("data-sound", "new");
  // It repeats (every 4 s), through Web Audio: notes keep being played.
  const ringing = await notesPlayed(page);
  await page.clock.runFor(4_000);
  expect(await notesPlayed(page)).toBeGreaterThan(ringing);

  await cardIn(page, "Novos", displayId).getByRole("button", { name: "Confirmar" }).tap();
  await expect(soundState(page)).toHaveAttribute("data-sound", "silent");
  const stopped = await notesPlayed(page);
  // Longer than the loop's period: a loop still running would have played.
  await page.clock.runFor(5_000);
  expect(await notesPlayed(page), "no note after the confirm").toBe(stopped);
});

test("mute is one tap, always visible, says when sound comes back, and lasts at most two minutes", async ({
  page,
  request,
}) => {
  await page.clock.install();
  await openLiveBoard(page);
  await confirmLeftovers(page);
  const { displayId } = await createInstantOrder(request);
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  await expect(soundState(page)).toHaveAttribute("data-sound", "new");

  const mute = page.getByRole("button", { name: "Silenciar" });
  expect((await mute.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
  await mute.tap();
  await expect(soundState(page)).toHaveAttribute("data-sound", "silent");
  await expect(soundState(page)).toHaveAttribute("data-sound-wanted", "new");
  const until = Date.parse((await soundState(page).getAttribute("data-muted-until")) ?? "");
  const now = await page.evaluate(() => Date.now());
  expect(until - now).toBeGreaterThan(110_000);
  expect(until - now).toBeLessThanOrEqual(120_000);
  await expect(page.getByRole("button", { name: /Ativar som/ })).toContainText(/Som volta em [12]:\d\d/);

  // Two minutes later the order still waits: the alarm is back by itself.
  await page.clock.fastForward("02:01");
  await expect(soundState(page)).toHaveAttribute("data-sound", "new", LIVE);
  await expect(page.getByRole("button", { name: "Silenciar" })).toBeVisible();

  // Muting again and tapping "Ativar som" brings it back at once.
  await page.getByRole("button", { name: "Silenciar" }).tap();
  await expect(soundState(page)).toHaveAttribute("data-sound", "silent");
  await page.getByRole("button", { name: /Ativar som/ }).tap();
  await expect(soundState(page)).toHaveAttribute("data-sound", "new");

  // Near the confirm deadline (8 min in the e2e server) the alarm turns urgent.
  await page.clock.fastForward("03:30");
  await expect(soundState(page)).toHaveAttribute("data-sound", "urgent", LIVE);
  await cardIn(page, "Novos", displayId).getByRole("button", { name: "Confirmar" }).tap();
  await expect(soundState(page)).toHaveAttribute("data-sound", "silent", LIVE);
});

test("an order cancelled while it is being prepared sounds 'stop cooking' and shows a banner until someone taps", async ({
  page,
  request,
}) => {
  await openLiveBoard(page);
  await confirmLeftovers(page);
  const { id, displayId } = await createInstantOrder(request, "DELIVERY");
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  await cardIn(page, "Novos", displayId).getByRole("button", { name: "Confirmar" }).tap();
  await expect(cardIn(page, "Em preparo", displayId)).toBeVisible(LIVE);
  await expect(soundState(page)).toHaveAttribute("data-sound", "silent");

  // Someone muted a moment ago: a new, different alarm still gets through.
  await page.getByRole("button", { name: "Silenciar" }).tap();
  const asked = await request.post(`/sandbox/control/orders/${id}/customer-cancellation`);
  expect(asked.status(), await asked.text()).toBe(202);
  await expect(cardIn(page, "Em preparo", displayId).getByText("Pedem cancelamento")).toBeVisible(LIVE);
  // Accepted elsewhere (the counter's browser): this board learns it from the stream.
  const accepted = await page.request.post(`/api/orders/${id}/actions/acceptCancellation`, { data: {} });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  const banner = page.getByRole("alert").filter({ hasText: "PARE O PREPARO" });
  await expect(banner).toBeVisible(LIVE);
  await expect(banner).toContainText(`pedido ${displayId} foi cancelado`);
  await expect(soundState(page)).toHaveAttribute("data-sound", "stopCooking");
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/stop-cooking.png` });

  // A reload (or a tablet that restarts) does not swallow the warning…
  await page.reload();
  await startShift(page);
  await expect(banner).toBeVisible(LIVE);
  await expect(soundState(page)).toHaveAttribute("data-sound", "stopCooking");
  await banner.getByRole("button", { name: "Entendi" }).tap();
  await expect(banner).toHaveCount(0);
  await expect(soundState(page)).toHaveAttribute("data-sound", "silent");

  // …and once someone tapped it away on this tablet, it stays away.
  await page.reload();
  await startShift(page);
  await expect(page.getByRole("status").filter({ hasText: /ao vivo/i })).toBeVisible(LIVE);
  await expect(banner).toHaveCount(0);
  await expect(soundState(page)).toHaveAttribute("data-sound", "silent");
});
