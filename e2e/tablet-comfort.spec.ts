import { expect, test, type Page } from "@playwright/test";
import { cardIn, createOrder, openLiveBoard, showFinished, startShift } from "./support/board";

/** The wall tablet: theme per device, full screen, screen kept on, sizes, installable. */
test.skip(({ isMobile }) => isMobile, "sizes are set per test");

const LIVE = { timeout: 15_000 };

test("dark by default; the light theme is remembered per device and rendered by the server", async ({ page }) => {
  await openLiveBoard(page);
  await expect(page.locator("html")).toHaveClass("dark");
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = await background();

  await page.getByRole("button", { name: "Ajustes do tablet" }).tap();
  await page.getByRole("button", { name: "Claro" }).tap();
  await expect(page.getByRole("button", { name: "Claro" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("html")).toHaveClass("light");
  expect(await background()).not.toBe(dark);

  // The server renders the choice: no dark flash before any script runs.
  const html = await (await page.request.get("/board")).text();
  expect(html).toMatch(/<html[^>]*class="light"/);
  expect(html).toMatch(/<meta name="theme-color" content="#fafafa"/);
  await page.reload();
  await startShift(page);
  await expect(page.locator("html")).toHaveClass("light");

  await page.getByRole("button", { name: "Ajustes do tablet" }).tap();
  await page.getByRole("button", { name: "Escuro" }).tap();
  await expect(page.locator("html")).toHaveClass("dark");
  expect(await (await page.request.get("/board")).text()).toMatch(/<html[^>]*class="dark"/);
});

test("full screen toggle and the screen kept awake", async ({ page }) => {
  await openLiveBoard(page);
  await page.getByRole("button", { name: "Ajustes do tablet" }).tap();
  await page.getByRole("button", { name: "Tela cheia" }).tap();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await expect(page.getByRole("button", { name: "Sair da tela cheia" })).toBeVisible();
  await page.getByRole("button", { name: "Sair da tela cheia" }).tap();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);

  // Chromium grants the wake lock to a visible page; the settings say it holds.
  const supported = await page.evaluate(() => "wakeLock" in navigator);
  await expect(page.getByText(supported ? "A tela fica sempre acesa." : /pode apagar a tela/)).toBeVisible();
});

async function expectComfortable(page: Page, size: string): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > window.innerWidth + 1)
      found.push(`scrolls sideways (${root.scrollWidth} > ${window.innerWidth})`);
    for (const card of document.querySelectorAll("main article")) {
      for (const element of card.querySelectorAll("p, span, time, h3")) {
        if (!element.textContent?.trim() || element.closest(".sr-only") || element.children.length > 0) continue;
        // A ticket carries the whole order, so its secondary text (options, counts, timers) is
        // smaller than a number-and-total card's was; what to cook stays larger.
        const least = element.closest("[data-item-line]") ? 16 : 14;
        const px = Number.parseFloat(getComputedStyle(element).fontSize);
        if (px < least) found.push(`card text "${element.textContent.trim()}" at ${px}px`);
      }
    }
    for (const target of document.querySelectorAll("button, a[href], select, input, textarea")) {
      const box = target.getBoundingClientRect();
      if (box.width === 0 || getComputedStyle(target).visibility === "hidden") continue;
      // A ticket's item line (a mark target, its options included) may be 44 px tall: four whole
      // tickets must fit a rush at 1024×768.
      const least = target.querySelector("[data-item-line]") ? 44 : 48;
      if (box.height < least || box.width < 48)
        found.push(
          `touch target "${target.textContent?.trim() || target.getAttribute("aria-label")}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return found;
  });
  expect(problems, size).toEqual([]);
}

test("comfortable at 1024×768, 1280×800 and on a phone: no sideways scroll, card text ≥ 14 px (items ≥ 16 px), targets ≥ 48 px (item lines 44)", async ({
  page,
  request,
}) => {
  await openLiveBoard(page);
  const order = await createOrder(request, "DELIVERY");
  await expect(cardIn(page, "Novos", order.displayId)).toBeVisible(LIVE);
  await showFinished(page);
  for (const [size, viewport] of [
    ["1024×768", { width: 1024, height: 768 }],
    ["1280×800", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectComfortable(page, size);
    await page.getByRole("button", { name: "Ajustes do tablet" }).tap();
    await expectComfortable(page, `${size}, settings open`);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/settings-${size}.png` });
    await page.keyboard.press("Escape");
  }
});

test("installable: a manifest that opens the board standalone, with PNG icons (one maskable)", async ({
  page,
  request,
}) => {
  await openLiveBoard(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBeTruthy();
  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject({ start_url: "/board", display: "standalone", short_name: "Comanda" });
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.background_color).toMatch(/^#/);
  for (const size of ["192x192", "512x512"])
    expect(manifest.icons.some((icon) => icon.sizes === size && icon.purpose !== "maskable")).toBe(true);
  expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.headers()["content-type"]).toBe("image/png");
    const png = await response.body();
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
  }
});
