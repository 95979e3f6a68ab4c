import { expect } from "vitest";
import type { SandboxProcess } from "./sandbox-process";

export interface PlacedOrder {
  orderId: string;
  merchantId: string;
}

/**
 * Orders arriving while instances poll (the failover and chaos tests): round robin over the
 * merchants, `perPoll` of them each time the sandbox has answered another poll, from whichever
 * instance, until `more()` says stop. They come at the pace the platform is polled, through
 * faults too (the instances still up keep polling), with no timer setting the pace. `placed`
 * grows as they are.
 */
export async function placeOrdersPerPoll(
  sandbox: SandboxProcess,
  merchants: readonly { merchantId: string }[],
  more: () => boolean,
  placed: PlacedOrder[],
  perPoll = 1,
): Promise<void> {
  const polls = async () =>
    (await sandbox.control<unknown[]>("GET", "/control/requests?path=/v1/events:polling")).length;
  let answered = await polls();
  for (let i = 0; more();) {
    for (const end = i + perPoll; i < end; i++) {
      const { merchantId } = merchants[i % merchants.length]!;
      const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", { merchantId });
      placed.push({ orderId, merchantId });
    }
    const before = answered;
    await expect
      .poll(async () => (answered = await polls()), { timeout: 30_000, interval: 50, message: "no poll answered" })
      .toBeGreaterThan(before);
  }
}
