/**
 * The order history in the browser (part of `npm run bench`): 10,000 finished orders over 60 days
 * in two stores, a production build, headless Chromium at 1366×900 signed in as the manager. For
 * each filter a manager applies (the filter form, and a column's sort link), the time from the
 * click to the next frame after the new rows are in the page: "filter → rows painted", the
 * issue's target being ≤ 300 ms. It prints figures; it asserts nothing (a shared machine is noisy).
 */
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutablePath } from "../../e2e/support/browser";
import { ACCOUNTS } from "../../e2e/support/accounts";
import { seedPastOrders } from "./seed-orders";
import { startSeededServer } from "./seeded-server";

const ORDERS = 10_000;
const DAYS = 60;
const RUNS = 5;
const TARGET_MS = 300;

/**
 * Injected into every document (plain source: tsx's helpers do not exist in the page). Once a
 * click is recorded in sessionStorage (it survives the form's full navigation), each frame checks
 * whether the expected URL shows rows that are new — a new document's, or different first rows
 * after a client-side navigation — and records the frame after they appeared as painted.
 */
const INSTRUMENTATION = `(() => {
  const epoch = () => performance.timeOrigin + performance.now();
  // The summary ("1.234 pedidos…") and the first rows: what changes when a filter applies.
  const firstRows = () => [document.querySelector("main p[role=status]"), ...Array.from(document.querySelectorAll("table tbody tr")).slice(0, 3)].map((node) => node && node.textContent).join("|");
  const check = () => {
    const click = Number(sessionStorage.getItem("bench.click") || "NaN");
    const expected = sessionStorage.getItem("bench.expect");
    if (Number.isFinite(click) && expected !== null && location.search.includes(expected)) {
      const rows = document.querySelectorAll("table tbody tr").length;
      const fresh = performance.timeOrigin > click || firstRows() !== sessionStorage.getItem("bench.before");
      if (rows > 0 && fresh) {
        sessionStorage.removeItem("bench.click");
        requestAnimationFrame(() => setTimeout(() => {
          const since = performance.timeOrigin - click;
          const api = performance.getEntriesByType("resource").filter((entry) => entry.name.includes("/api/manager/orders?")).at(-1);
          window.__benchPainted = {
            ms: epoch() - click,
            rows,
            // The rows' request, from the click: when it left and when its answer was in.
            apiStart: api ? since + api.startTime : NaN,
            apiEnd: api ? since + api.responseEnd : NaN,
          };
        }, 0));
      }
    }
    requestAnimationFrame(check);
  };
  // The clock starts at the click itself (capture phase, before the page's own handlers).
  let armed = null;
  window.__benchMark = (expected) => { armed = expected; };
  document.addEventListener("click", () => {
    if (armed === null) return;
    sessionStorage.setItem("bench.before", firstRows());
    sessionStorage.setItem("bench.expect", armed);
    sessionStorage.setItem("bench.click", String(epoch()));
    armed = null;
  }, true);
  requestAnimationFrame(check);
})();`;

interface Scenario {
  name: string;
  /** Sets the filter's controls (before the clock starts). */
  prepare(page: Page): Promise<void>;
  /** What the URL holds once the filter applies. */
  expect: string;
  /** What is clicked to apply it. */
  click: (page: Page) => ReturnType<Page["getByRole"]>;
}

const form = (page: Page) => page.getByRole("form", { name: "Filtros" });
const applyButton = (page: Page) => form(page).getByRole("button", { name: "Filtrar" });

const SCENARIOS: Scenario[] = [
  {
    name: "status: cancelled (form)",
    prepare: (page) =>
      form(page)
        .getByLabel("Status")
        .selectOption("cancelled")
        .then(() => undefined),
    expect: "status=cancelled",
    click: applyButton,
  },
  {
    name: "search by customer name (form)",
    prepare: (page) => form(page).getByLabel("Buscar").fill("conceicao"),
    expect: "q=conceicao",
    click: applyButton,
  },
  {
    name: "type: takeout (form)",
    prepare: (page) =>
      form(page)
        .getByLabel("Tipo")
        .selectOption("TAKEOUT")
        .then(() => undefined),
    expect: "type=TAKEOUT",
    click: applyButton,
  },
  {
    name: "sort by total (column header)",
    prepare: async () => undefined,
    expect: "sort=total",
    click: (page) => page.getByRole("table").getByRole("link", { name: /Total/ }),
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

interface Painted {
  ms: number;
  rows: number;
  apiStart: number;
  apiEnd: number;
}

async function measure(page: Page, start: string, scenario: Scenario): Promise<Painted> {
  await page.goto(start);
  await page.getByRole("table").locator("tbody tr").first().waitFor();
  // A manager applies a filter to a page that has finished loading (scripts run, requests done).
  await page.waitForLoadState("networkidle");
  await scenario.prepare(page);
  await page.evaluate(() => {
    delete (window as unknown as { __benchPainted?: unknown }).__benchPainted;
  });
  const target = scenario.click(page);
  await target.waitFor();
  await page.evaluate(
    (expected) => (window as unknown as { __benchMark(e: string): void }).__benchMark(expected),
    scenario.expect,
  );
  await target.click();
  const handle = await page.waitForFunction(
    () => (window as unknown as { __benchPainted?: Painted }).__benchPainted,
    null,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue())!;
}

async function main(): Promise<void> {
  const now = Date.now();
  // BENCH_URL: a server already running with this seed (scripts/bench/seeded-server.ts), to iterate.
  const server = process.env.BENCH_URL
    ? { baseURL: process.env.BENCH_URL, stop: async () => undefined }
    : await startSeededServer((db, storeIds) =>
        seedPastOrders(db, { storeIds: storeIds.slice(0, 2), orders: ORDERS, days: DAYS, now, prefix: "history" }),
      );
  const browser = await chromium.launch({ executablePath: chromiumExecutablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 1366, height: 900 },
      locale: "pt-BR",
    });
    await context.addInitScript({ content: INSTRUMENTATION });
    const page = await context.newPage();
    const csrf = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const signIn = await page.request.post("/api/auth/callback/credentials", {
      form: { ...ACCOUNTS.manager, csrfToken: csrf.csrfToken, json: "true" },
      maxRedirects: 0,
    });
    if (signIn.status() >= 400) throw new Error(`signing in: HTTP ${signIn.status()}`);

    const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
    const start = `/manager/orders?from=${day(-DAYS - 1)}&to=${day(0)}`;
    // A first visit warms the server's caches and the browser's, as a manager's session would be.
    await page.goto(start);
    await page.getByRole("table").locator("tbody tr").first().waitFor({ timeout: 60_000 });

    console.log(
      `order history with ${ORDERS} orders over ${DAYS} days, two stores, 1366×900, headless Chromium, production build (noisy shared machine):`,
    );
    for (const scenario of SCENARIOS) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measure(page, start, scenario));
      const times = runs.map((run) => run.ms);
      console.log(
        `  ${scenario.name.padEnd(34)} filter → ${runs[0]!.rows} rows painted: median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(", ")}; target ≤ ${TARGET_MS} ms)`,
      );
      console.log(
        `  ${"".padEnd(34)} of which the request (click → answer received): median ${median(runs.map((run) => run.apiEnd)).toFixed(0)} ms, leaving at ${median(runs.map((run) => run.apiStart)).toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
