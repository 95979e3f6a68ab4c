// Writes the installable app's PNG icons (public/icon-*.png) from app/icon.svg, rendered by
// Chromium so they match the favicon exactly. Run after changing the icon:
//   node --import tsx scripts/generate-icons.ts
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const svg = readFileSync(path.join("app", "icon.svg"), "utf8");
// Maskable: the platform crops to its own shape (circle, squircle), keeping only the central
// 80 %: a full-bleed background with the mark shrunk into that safe zone.
const maskable = svg
  .replace(/<rect [^>]*\/>/, '<rect width="64" height="64" fill="#09090b"/>')
  .replace(/<path /, '<path transform="translate(32 32) scale(0.72) translate(-32 -32)" ');

const icons = [
  { file: "icon-192.png", size: 192, source: svg },
  { file: "icon-512.png", size: 512, source: svg },
  { file: "icon-maskable-512.png", size: 512, source: maskable },
];

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: ["--no-sandbox", "--headless", "--disable-gpu"],
  });
  try {
    for (const icon of icons) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
      const dataUrl = `data:image/svg+xml;base64,${Buffer.from(icon.source).toString("base64")}`;
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}</style><img src="${dataUrl}" width="${icon.size}" height="${icon.size}">`,
      );
      await page.screenshot({ path: path.join("public", icon.file), omitBackground: true });
      await page.close();
      console.log(`public/${icon.file}`);
    }
  } finally {
    await browser.close();
  }
}

void main();
