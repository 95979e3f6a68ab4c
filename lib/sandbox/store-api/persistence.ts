import { z } from "zod";
import { existingDomainOf, whenDomainOf, type Profile, type SavedAddress, type SavedCard, type StoreOrder } from "./domain";

// The store API's state in the sandbox snapshot: profiles, addresses, cards, its order index and
// voucher usage. `storeApiSnapshot(state)` goes into the snapshot; `restoreStoreApi(state, data)`
// reads it back when the state is rebuilt (the platform, and so the store API, comes later).

export type StoreApiSnapshot = {
  version: 1;
  profiles: Profile[];
  addresses: SavedAddress[];
  cards: SavedCard[];
  orders: StoreOrder[];
  voucherUses: [string, number][];
  nextIds: { address: number; card: number; order: number };
};

const schema = z.object({
  version: z.literal(1),
  profiles: z.array(z.looseObject({ id: z.number(), merchantId: z.string() })),
  addresses: z.array(z.looseObject({ id: z.number(), merchantId: z.string(), customerId: z.number() })),
  cards: z.array(z.looseObject({ id: z.number(), merchantId: z.string(), customerId: z.number() })),
  orders: z.array(z.looseObject({ id: z.number(), merchantId: z.string(), interchangeId: z.string() })),
  voucherUses: z.array(z.tuple([z.string(), z.number()])),
  nextIds: z.object({ address: z.number(), card: z.number(), order: z.number() }),
});

// Restored data not yet applied (the store API's domain is built on first use): a snapshot
// written before then must carry it on, or a restart followed by a quiet spell would lose it.
const pendingRestores = new WeakMap<object, StoreApiSnapshot>();

export function storeApiSnapshot(state: object): StoreApiSnapshot | undefined {
  const domain = existingDomainOf(state);
  if (!domain) return pendingRestores.get(state);
  return {
    version: 1,
    profiles: [...domain.profiles.values()],
    addresses: [...domain.addresses.values()],
    cards: [...domain.cards.values()],
    orders: domain.orders,
    voucherUses: [...domain.voucherUses.entries()],
    nextIds: { ...domain.nextIds },
  };
}

/** Ignores (with a warning) data it cannot read, rather than refuse to start. */
export function restoreStoreApi(state: object, data: unknown, warn: (message: string) => void = console.warn): void {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    warn(`[sandbox] store API snapshot ignored: ${parsed.error.issues[0]?.message ?? "unreadable"}`);
    return;
  }
  const snapshot = parsed.data as unknown as StoreApiSnapshot;
  pendingRestores.set(state, snapshot);
  whenDomainOf(state, (domain) => {
    pendingRestores.delete(state);
    for (const p of snapshot.profiles) domain.profiles.set(`${p.merchantId}:${p.id}`, p);
    for (const a of snapshot.addresses) domain.addresses.set(a.id, a);
    for (const c of snapshot.cards) domain.cards.set(c.id, c);
    domain.orders.push(...snapshot.orders);
    for (const [key, uses] of snapshot.voucherUses) domain.voucherUses.set(key, uses);
    domain.nextIds = { ...snapshot.nextIds };
  });
}
