import { expect, test } from "@playwright/test";
import { MATRIX, matrixContext, prepareMatrix, sessionFor, statusOf } from "./support/authorization/matrix";
import { WHO } from "./support/authorization/matrix-types";
import { discoverRoutes } from "./support/routes";
import { signInCookie } from "./support/session";

/**
 * Acceptance: every page and route handler × role × store → the expected status. The list of
 * routes is read from app/, so a new route without a line here fails the first test. The tables
 * are in e2e/support/authorization/, by area.
 *
 * Identities: anonymous; the demo kitchen account (first store); a kitchen tablet (a manager's
 * session made the first store's tablet, no PIN entered); the demo manager (every sandbox store);
 * an admin (every store). "own" is the first store, "other" the second, which the kitchen and the
 * tablet do not serve. Each request gets a fresh session, so one cell cannot affect another.
 */

test("every page and route handler under app/ has declared expectations", () => {
  const discovered = discoverRoutes().map((route) => route.key);
  expect(discovered.length).toBeGreaterThan(5);
  const undeclared = discovered.filter((key) => !(key in MATRIX));
  const stale = Object.keys(MATRIX).filter((key) => !discovered.includes(key));
  expect(undeclared, "routes with no expected statuses in the authorization matrix").toEqual([]);
  expect(stale, "matrix entries for routes that no longer exist").toEqual([]);
});

test("authorization matrix: route × role × store → status", async ({ baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const adminCookie = await signInCookie(base, "admin");
  const prepared = await prepareMatrix(base, adminCookie);
  const ctx = matrixContext(base, adminCookie, prepared);

  const expected: string[] = [];
  const actual: string[] = [];
  for (const [route, cases] of Object.entries(MATRIX)) {
    for (const entry of cases) {
      for (const who of WHO) {
        const label = `${route}${entry.store ? ` [${entry.store} store]` : ""} as ${who}`;
        const cookie = await sessionFor(base, who, prepared.storeIds.own);
        const status = await statusOf(base, await entry.call(ctx), cookie);
        expected.push(`${label} → ${entry.expect[who]}`);
        actual.push(`${label} → ${status}`);
      }
    }
  }
  expect(actual).toEqual(expected);
});
