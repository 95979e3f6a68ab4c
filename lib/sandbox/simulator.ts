import type { Platform } from "./platform";
import { createRng, type Rng } from "./random";
import { NoStoreTakingOrders, simulateStoreOrder } from "./store-api/simulated-order";

// Customers ordering through the store API's domain functions (the same validation and pricing
// as POST /store-api/v1/orders) every N seconds: delivery, take-out and table orders, about 10 %
// scheduled, cash with change, Pix and cards, vouchers now and then. Now and then a customer
// also asks to cancel one of the recent orders (ORDER_CANCELLATION_REQUEST).

const CANCEL_CHANCE = 0.07;
const RECENT = 20;

export function simulatorTick(platform: Platform, rng: Rng, recent: string[]): void {
  let order;
  try {
    order = simulateStoreOrder(platform, rng);
  } catch (error) {
    if (error instanceof NoStoreTakingOrders) return;
    throw error;
  }
  recent.push(order.interchangeId);
  if (recent.length > RECENT) recent.shift();
  if (!rng.chance(CANCEL_CHANCE)) return;
  const open = recent.filter((id) => {
    const record = platform.state.orders.get(id);
    return (
      record &&
      ["CREATED", "CONFIRMED", "PREPARING"].includes(record.stage) &&
      !record.customerCancellation &&
      id !== order.interchangeId
    );
  });
  if (open.length > 0) platform.requestCustomerCancellation(rng.pick(open));
}

export function startSimulator(
  platform: Platform,
  intervalSeconds: number,
  warn: (message: string) => void,
  rng: Rng = createRng(),
): () => void {
  if (!(intervalSeconds > 0)) return () => {};
  const recent: string[] = [];
  const timer = setInterval(() => {
    try {
      simulatorTick(platform, rng, recent);
    } catch (error) {
      warn(`[sandbox] simulator could not create an order: ${String(error)}`);
    }
  }, intervalSeconds * 1000);
  // Never the reason a process stays alive: the HTTP server (or Next.js) is.
  timer.unref();
  return () => clearInterval(timer);
}
