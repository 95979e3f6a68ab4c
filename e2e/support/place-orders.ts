import type { SandboxProcess } from "./sandbox-process";

/**
 * Places `count` orders, `batch` at a time, for a sandbox merchant or round-robin over several;
 * answers their ids in the order placed.
 */
export async function placeOrders(
  sandbox: Pick<SandboxProcess, "control">,
  merchantIds: string | readonly string[],
  count: number,
  batch = 50,
): Promise<string[]> {
  const merchants = typeof merchantIds === "string" ? [merchantIds] : merchantIds;
  const ids: string[] = [];
  for (let start = 0; start < count; start += batch) {
    const placed = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, index) =>
        sandbox.control<{ orderId: string }>("POST", "/control/orders", {
          merchantId: merchants[(start + index) % merchants.length],
        }),
      ),
    );
    ids.push(...placed.map(({ orderId }) => orderId));
  }
  return ids;
}
