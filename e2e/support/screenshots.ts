import type { Page } from "@playwright/test";

/** The sizes every view is looked at in: a 10" tablet, a larger one, a phone. */
export const SIZES = [
  ["1024", { width: 1024, height: 768 }],
  ["1280", { width: 1280, height: 800 }],
  ["390", { width: 390, height: 844 }],
] as const;

async function theme(page: Page, value: "dark" | "light"): Promise<void> {
  await page.evaluate((name) => {
    document.documentElement.classList.remove("dark", "light");
    document.documentElement.classList.add(name);
    document.documentElement.style.colorScheme = name;
  }, value);
}

/** Where the specs' opt-in screenshots go (`SCREENSHOTS=<directory>`); unset, none is taken. */
export const SCREENSHOTS = process.env.SCREENSHOTS;

/**
 * `<directory>/<name>-<size>-<theme>.png` at every size, light and dark; back to 1024×768 dark
 * after. No directory (the run asked for no screenshots): nothing.
 */
export async function shoot(
  page: Page,
  directory: string | undefined,
  name: string,
  themes: ReadonlyArray<"dark" | "light"> = ["dark", "light"],
): Promise<void> {
  if (!directory) return;
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    for (const value of themes) {
      await theme(page, value);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.screenshot({ path: `${directory}/${name}-${size}-${value}.png`, animations: "disabled" });
    }
  }
  await theme(page, "dark");
  await page.setViewportSize({ width: 1024, height: 768 });
}
