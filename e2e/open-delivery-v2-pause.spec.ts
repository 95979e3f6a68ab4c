import { expect, test as base } from "@playwright/test";
import { openLiveBoard } from "./support/board";
import { demoRestaurant, PLATFORMS, requests } from "./support/channels";
import { testOnOwnServer } from "./support/comanda-server";
import { v2RequestErrors } from "./support/open-delivery-v2-schemas";

/**
 * Issue 29's "pause per service, not by rewriting opening hours": a Comanda of its own whose
 * embedded sandbox runs Plataforma A on 1.7 and Plataforma B on 2.0 (the browser tests' server
 * forces 1.7). At 1024×768 in pt-BR a cook pauses the restaurant for 15 minutes from the board:
 * Plataforma A is sent merchantUpdate UNAVAILABLE as before, Plataforma B pauses DELIVERY, TAKEOUT
 * and INDOOR (pauseService) and refuses a delivery order; reopening opens them (PATCH OPEN) and
 * the delivery is taken.
 */

base.skip(({ isMobile }) => isMobile, "the board's store controls run on the tablet");
const test = testOnOwnServer("od2-pause", { SANDBOX_OPEN_DELIVERY: "1.7,2.0", SANDBOX_PLATFORMS: "2" });
test.describe.configure({ timeout: 240_000 });
// Stopped after its tests: it must not poll on through later specs (the fixture ends with the worker).
test.afterAll(async ({ comanda }) => comanda.stop());

const LIVE = { timeout: 45_000 };

test("a cook pauses the restaurant: the 2.0 platform pauses every service and refuses a delivery until reopened", async ({
  page,
}) => {
  await openLiveBoard(page);
  const { storeId, merchants } = await demoRestaurant(page.request);
  // Comanda speaks 2.0 with Plataforma B once it has read its manifest: it polls /v2 there.
  await expect
    .poll(async () => (await requests(page.request, PLATFORMS[1], "path=/v2/events:polling")).length, LIVE)
    .toBeGreaterThan(0);
  const serviceCalls = async (method: string) =>
    (await requests(page.request, PLATFORMS[1], `path=/v2/merchants/${merchants[1]}/services/`)).filter(
      (r) => r.method === method && r.status === 202,
    );
  const delivery = () =>
    page.request.post(`${PLATFORMS[1]}/control/orders`, { data: { merchantId: merchants[1], type: "DELIVERY" } });

  const controls = page.locator(`[data-testid="store-pause"][data-store="${storeId}"]`);
  await controls.getByRole("button", { name: "Pausar pedidos", exact: true }).tap();
  const options = controls.getByTestId("pause-options");
  await options.getByLabel("Motivo").fill("Fogão quebrado");
  await options.getByRole("button", { name: "15 min", exact: true }).tap();
  await expect(controls.getByTestId("store-paused")).toBeVisible(LIVE);

  // Plataforma B: every service paused for 15 minutes (the action's send or the worker's tick).
  await expect
    .poll(async () => new Set((await serviceCalls("POST")).map((r) => r.path.split("/").at(-2))), LIVE)
    .toEqual(new Set(["DELIVERY", "TAKEOUT", "INDOOR"]));
  for (const call of await serviceCalls("POST")) {
    expect(call.body).toMatchObject({ reason: "Fogão quebrado" });
    expect([14, 15]).toContain((call.body as { durationMinutes: number }).durationMinutes);
    expect(
      v2RequestErrors("merchant", "/merchants/{merchantId}/services/{serviceType}/pause", "POST", call.body),
    ).toEqual([]);
  }
  const refused = await delivery();
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { title: string }).title).toContain("DELIVERY service is paused until");
  // Plataforma A (1.7): merchantUpdate as before.
  await expect
    .poll(
      async () =>
        (await requests(page.request, PLATFORMS[0], "path=/v1/merchantUpdate")).map(
          (r) => (r.body as { merchantStatus?: string } | undefined)?.merchantStatus,
        ),
      LIVE,
    )
    .toContain("UNAVAILABLE");
  await expect(controls.getByTestId("platform-unconfirmed")).toHaveCount(0, LIVE);

  // Reopened early: every service opened, the delivery taken.
  await controls.getByRole("button", { name: "Reabrir", exact: true }).tap();
  await expect(controls.getByTestId("store-paused")).toHaveCount(0, LIVE);
  await expect
    .poll(async () => new Set((await serviceCalls("PATCH")).map((r) => r.path.split("/").at(-1))), LIVE)
    .toEqual(new Set(["DELIVERY", "TAKEOUT", "INDOOR"]));
  for (const call of await serviceCalls("PATCH")) expect(call.body).toEqual({ status: "OPEN" });
  expect((await delivery()).status()).toBe(201);
});
