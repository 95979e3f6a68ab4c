import { afterEach, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";

// Integrator credentials: one Software Service's token covering many merchants.

type Integrator = { name: string; clientId: string; clientSecret: string; merchantIds: string[] };

let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

const tokenOf = (integrator: Integrator) =>
  sbx.token({ interchange: { clientId: integrator.clientId, clientSecret: integrator.clientSecret } });

async function pollAs(token: string, merchants?: string[]) {
  const headers: Record<string, string> = merchants ? { "x-polling-merchants": merchants.join(",") } : {};
  const response = await sbx.call("GET", "/v1/events:polling", { token, headers });
  const events = response.status === 200 ? ((await response.json()) as { orderId: string }[]) : [];
  return { status: response.status, orderIds: events.map((e) => e.orderId) };
}

describe("integrators", () => {
  it("POST /control/integrators spreads N new merchants over M integrators, listed with their connection", async () => {
    sbx = await startTestSandbox();
    const before = await sbx.control<unknown[]>("GET", "/control/merchants");
    const created = await sbx.control<Integrator[]>("POST", "/control/integrators", {
      merchants: 10,
      connections: 4,
    });
    expect(created.map((i) => i.merchantIds.length)).toEqual([3, 3, 2, 2]);
    const merchants = await sbx.control<{ merchantId: string; connection: { clientId: string } | null }[]>(
      "GET",
      "/control/merchants",
    );
    expect(merchants).toHaveLength(before.length + 10);
    for (const integrator of created)
      for (const merchantId of integrator.merchantIds)
        expect(merchants.find((m) => m.merchantId === merchantId)?.connection?.clientId).toBe(integrator.clientId);
    expect((await sbx.call("POST", "/control/integrators", { body: { merchants: 2, connections: 3 } })).status).toBe(
      400,
    );
  });

  it("a token covers its merchants: polls all without the header, a subset with it, refuses others", async () => {
    sbx = await startTestSandbox();
    const [first, second] = await sbx.control<Integrator[]>("POST", "/control/integrators", {
      merchants: 4,
      connections: 2,
    });
    const [a, b] = first!.merchantIds;
    const order = async (merchantId: string) =>
      ((await (await sbx.call("POST", "/control/orders", { body: { merchantId } })).json()) as { orderId: string })
        .orderId;
    const onA = await order(a!);
    const onB = await order(b!);
    const foreign = await order(second!.merchantIds[0]!);
    const token = await tokenOf(first!);

    expect((await pollAs(token)).orderIds.sort()).toEqual([onA, onB].sort());
    expect(await pollAs(token, [b!])).toEqual({ status: 200, orderIds: [onB] });
    // A merchant the token does not cover, alone or among covered ones: 403.
    expect((await pollAs(token, [second!.merchantIds[0]!])).status).toBe(403);
    expect((await pollAs(token, [a!, second!.merchantIds[0]!])).status).toBe(403);
    // Nor can it read that merchant's orders.
    expect((await sbx.call("GET", `/v1/orders/${foreign}`, { token })).status).toBe(404);
    expect((await sbx.call("GET", `/v1/orders/${onB}`, { token })).status).toBe(200);
    // A merchant's own token keeps its one-merchant behaviour.
    const own = await sbx.token(sbx.merchants.find((m) => m.merchantId === a)!);
    expect(await pollAs(own)).toEqual({ status: 200, orderIds: [onA] });
    expect((await pollAs(own, [b!])).status).toBe(403);
  });

  it("refuses more than 100 merchants in x-polling-merchants", async () => {
    sbx = await startTestSandbox();
    const [integrator] = await sbx.control<Integrator[]>("POST", "/control/integrators", {
      merchants: 101,
      connections: 1,
    });
    const token = await tokenOf(integrator!);
    expect((await pollAs(token, integrator!.merchantIds.slice(0, 100))).status).toBe(204);
    expect((await pollAs(token, integrator!.merchantIds)).status).toBe(400);
  });

  it("keeps integrators across a restart", async () => {
    sbx = await startTestSandbox();
    const created = await sbx.control<Integrator[]>("POST", "/control/integrators", { merchants: 2, connections: 1 });
    const dataDir = sbx.dataDir;
    await sbx.close({ keepData: true });
    sbx = await startTestSandbox({ dataDir });
    const listed = await sbx.control<Integrator[]>("GET", "/control/integrators");
    expect(listed).toEqual(expect.arrayContaining(created));
    expect(listed[0]?.name).toBe("Comanda");
  });
});
