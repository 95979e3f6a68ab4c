import { afterEach, describe, expect, it } from "vitest";
import { SandboxState } from "../state";
import { restoreStoreApi, storeApiSnapshot } from "./persistence";
import { harmonia, orderBody, placeOrder } from "../../../e2e/support/sandbox/store-orders";
import { startStoreKit, type StoreKit } from "../../../e2e/support/sandbox/store-kit";

// The store API's state round-trips through JSON, for the sandbox snapshot.

let kits: StoreKit[] = [];
afterEach(async () => {
  for (const kit of kits) await kit.close();
  kits = [];
});

describe("store API snapshot", () => {
  it("restores addresses, cards, orders and ids into a fresh sandbox", async () => {
    const first = await startStoreKit();
    kits.push(first);
    expect(storeApiSnapshot(first.sandbox.platform.state)).toBeUndefined();
    const token = await first.customerToken();
    const address = await first.data<{ id: number }>(
      await first.store("POST", "/customers/me/addresses", { token, body: { ...harmonia, description: "Estúdio" } }),
      201,
    );
    const order = await placeOrder(first, token, orderBody({ customer: null }));
    const data = JSON.parse(JSON.stringify(storeApiSnapshot(first.sandbox.platform.state))) as unknown;

    const second = await startStoreKit();
    kits.push(second);
    restoreStoreApi(second.sandbox.platform.state, data);
    const again = await second.customerToken();
    const addresses = await second.data<{ customerAddresses: { address: { id: number }; description: string }[] }>(
      await second.store("GET", "/customers/me/addresses", { token: again }),
    );
    expect(addresses.customerAddresses).toContainEqual(
      expect.objectContaining({ address: expect.objectContaining({ id: address.id }), description: "Estúdio" }),
    );
    const orders = await second.data<{ orders: { id: number; values: unknown }[] }>(
      await second.store("GET", "/customers/me/orders", { token: again }),
    );
    expect(orders.orders.map((o) => o.id)).toEqual([order.id]);
    const next = await second.data<{ id: number }>(
      await second.store("POST", "/customers/me/addresses", { token: again, body: harmonia }),
      201,
    );
    expect(next.id).toBe(address.id + 1);
  });

  it("travels in the sandbox's own snapshot, so a restart keeps it", async () => {
    const kit = await startStoreKit();
    kits.push(kit);
    const token = await kit.customerToken();
    await kit.data(
      await kit.store("POST", "/customers/me/addresses", { token, body: { ...harmonia, description: "Casa da vó" } }),
      201,
    );
    const state = kit.sandbox.platform.state;
    // What the snapshot file holds, read back as a restarted sandbox does.
    const restored = SandboxState.from(
      JSON.parse(JSON.stringify(state.toSnapshot())) as ReturnType<typeof state.toSnapshot>,
    );
    expect(storeApiSnapshot(restored)).toEqual(storeApiSnapshot(state));
    expect(JSON.stringify(storeApiSnapshot(restored))).toContain("Casa da vó");
  });

  it("ignores unreadable data with a warning", async () => {
    const kit = await startStoreKit();
    kits.push(kit);
    const warnings: string[] = [];
    restoreStoreApi(kit.sandbox.platform.state, { version: 2 }, (m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
    const token = await kit.customerToken();
    const addresses = await kit.data<{ customerAddresses: unknown[] }>(
      await kit.store("GET", "/customers/me/addresses", { token }),
    );
    expect(addresses.customerAddresses).toHaveLength(3);
  });
});
