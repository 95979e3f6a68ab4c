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
