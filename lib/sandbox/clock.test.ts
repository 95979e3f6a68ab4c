import { afterEach, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";

let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

describe("POST /control/clock", () => {
  it("moves the sandbox clock: interchange tokens expire (401 {title, status}) and new events carry the new time", async () => {
    sbx = await startTestSandbox({ tokenTtlSeconds: 600 });
    const token = await sbx.token();
    const before = await sbx.control<{ now: string; offsetSeconds: number }>("GET", "/control/clock");
    expect(before.offsetSeconds).toBe(0);

    const moved = await sbx.control<{ now: string; offsetSeconds: number }>("POST", "/control/clock", {
      advanceSeconds: 599,
    });
    expect(moved.offsetSeconds).toBe(599);
    expect(Date.parse(moved.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(599_000);
    expect((await sbx.poll(token)).status).toBe(204);

    await sbx.control("POST", "/control/clock", { advanceSeconds: 1 });
    const expired = await sbx.call("GET", "/v1/events:polling", { token });
    expect(expired.status).toBe(401);
    expect(expired.headers.get("content-type")).toContain("application/problem+json");
    expect(await expired.json()).toEqual({ title: "Invalid or expired access token", status: 401 });
    const missing = await sbx.call("GET", "/v1/events:polling");
    expect(await missing.json()).toEqual({ title: "Missing bearer access token", status: 401 });

    const fresh = await sbx.token();
    await sbx.createOrder();
    const [created] = (await sbx.poll(fresh)).events;
    expect(Date.parse(created!.createdAt)).toBeGreaterThanOrEqual(Date.parse(moved.now));
  });

  it("refuses a missing or negative advanceSeconds (400 naming it) and keeps the offset across a restart", async () => {
    sbx = await startTestSandbox();
    for (const body of [{}, { advanceSeconds: -5 }, { advanceSeconds: "soon" }]) {
      const response = await sbx.call("POST", "/control/clock", { body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { title: string }).title).toContain("advanceSeconds");
    }
    await sbx.control("POST", "/control/clock", { advanceSeconds: 7200 });
    const { dataDir } = sbx;
    await sbx.close({ keepData: true });
    sbx = await startTestSandbox({ dataDir });
    expect((await sbx.control<{ offsetSeconds: number }>("GET", "/control/clock")).offsetSeconds).toBe(7200);
  });
});
