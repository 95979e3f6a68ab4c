/**
 * Which "stop cooking" warnings someone tapped away on this device, so that a reload shows the
 * ones nobody saw and not the ones already handled. Kept small: only recent orders matter.
 */
const KEY = "comanda.stopCooking.acknowledged";
const KEEP = 100;

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return []; // storage blocked or corrupt: warn again rather than never
  }
}

export function wasAcknowledged(orderId: string): boolean {
  return read().includes(orderId);
}

export function rememberAcknowledged(orderIds: readonly string[]): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify([...read(), ...orderIds].slice(-KEEP)));
  } catch {
    // storage blocked: the warning may come back after a reload, which is the safe side
  }
}
