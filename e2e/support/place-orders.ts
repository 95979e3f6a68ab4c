import type { SandboxProcess } from "./sandbox-process";

/** Places `count` orders for a sandbox merchant, 50 at a time; answers their ids in the order placed. */
export async function placeOrders(
  sandbox: Pick<SandboxProcess, "control">,
  merchantId: string,
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 50) {
    const placed = await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, () =>
        sandbox.control<{ orderId: string }>("POST", "/control/orders", { merchantId }),
      ),
    );
    ids.push(...placed.map(({ orderId }) => orderId));
  }
  return ids;
}
