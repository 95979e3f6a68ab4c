/** The sandbox's stores, in its order: the first is the demo kitchen's, the second one it does not serve. */
export async function sandboxMerchantIds(base: string): Promise<string[]> {
  const merchants = (await (await fetch(`${base}/sandbox/control/merchants`)).json()) as Array<{ merchantId: string }>;
  return merchants.map((merchant) => merchant.merchantId);
}

/** Places an order on the sandbox for that store and returns its id. */
export async function createSandboxOrder(base: string, merchantId: string): Promise<string> {
  const response = await fetch(`${base}/sandbox/control/orders`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ merchantId }),
  });
  return ((await response.json()) as { orderId: string }).orderId;
}

/**
 * Each of these restaurants' channel on the sandbox's second platform (issue 28: the demo
 * restaurants sell on /sandbox and /sandbox/p2), by the restaurant key the sandbox lists.
 */
export async function secondPlatformChannelIds(base: string, restaurantIds: readonly string[]): Promise<string[]> {
  type Listed = { merchantId: string; restaurant: string };
  const list = async (path: string) => (await (await fetch(`${base}${path}/control/merchants`)).json()) as Listed[];
  const [first, second] = await Promise.all([list("/sandbox"), list("/sandbox/p2")]);
  return restaurantIds.map((id) => {
    const key = first.find((merchant) => merchant.merchantId === id)!.restaurant;
    return second.find((merchant) => merchant.restaurant === key)!.merchantId;
  });
}
