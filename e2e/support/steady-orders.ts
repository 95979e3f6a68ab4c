import type { SandboxProcess } from "./sandbox-process";

export interface PlacedOrder {
  id: string;
  /** When the sandbox answered that it placed it (ms since the epoch). */
  at: number;
}

export interface SteadyOrders {
  /** Every order placed so far, in the order the sandbox answered (a live array). */
  readonly placed: PlacedOrder[];
  /** Their ids (a live array too). */
  readonly ids: string[];
  stop(): void;
}

/**
 * Orders at a steady rate, round robin over the merchants, until stopped: the flow a resilience
 * test or the chaos run keeps up through its faults. A placement the sandbox refuses is not counted.
 */
export function placeOrdersSteadily(
  sandbox: SandboxProcess,
  merchants: ReadonlyArray<{ merchantId: string }>,
  everyMs: number,
): SteadyOrders {
  const placed: PlacedOrder[] = [];
  const ids: string[] = [];
  let next = 0;
  const timer = setInterval(() => {
    const { merchantId } = merchants[next++ % merchants.length]!;
    void sandbox.control<{ orderId: string }>("POST", "/control/orders", { merchantId }).then(
      ({ orderId }) => {
        placed.push({ id: orderId, at: Date.now() });
        ids.push(orderId);
      },
      () => undefined,
    );
  }, everyMs);
  return { placed, ids, stop: () => clearInterval(timer) };
}
