import { z } from "zod";
import type { Profile, SavedAddress, SavedCard, StoreApiState, StoreOrder } from "./state";

// The store API's state in the sandbox snapshot: profiles, addresses, cards, its order index and
// voucher usage. `storeApiSnapshot(state)` goes into the snapshot; `restoreStoreApi(state, data)`
// reads it back into the state the platform (and so the store API) is then built on.

export type StoreApiSnapshot = {
  version: 1;
  profiles: Profile[];
  addresses: SavedAddress[];
  cards: SavedCard[];
  orders: StoreOrder[];
  voucherUses: [string, number][];
  nextIds: { address: number; card: number; order: number };
};

/** Where the store API's state is kept (the SandboxState); absent until the store API is used or restored. */
export type StoreApiHolder = { storeApi?: StoreApiState };

const schema = z.object({
  version: z.literal(1),
  profiles: z.array(z.looseObject({ id: z.number(), merchantId: z.string() })),
  addresses: z.array(z.looseObject({ id: z.number(), merchantId: z.string(), customerId: z.number() })),
  cards: z.array(z.looseObject({ id: z.number(), merchantId: z.string(), customerId: z.number() })),
  orders: z.array(z.looseObject({ id: z.number(), merchantId: z.string(), interchangeId: z.string() })),
  voucherUses: z.array(z.tuple([z.string(), z.number()])),
  nextIds: z.object({ address: z.number(), card: z.number(), order: z.number() }),
});

export function storeApiSnapshot(holder: StoreApiHolder): StoreApiSnapshot | undefined {
  const data = holder.storeApi;
  if (!data) return undefined;
  return {
    version: 1,
    profiles: [...data.profiles.values()],
    addresses: [...data.addresses.values()],
    cards: [...data.cards.values()],
    orders: data.orders,
    voucherUses: [...data.voucherUses.entries()],
    nextIds: { ...data.nextIds },
  };
}

/** Ignores (with a warning) data it cannot read, rather than refuse to start. */
export function restoreStoreApi(
  holder: StoreApiHolder,
  data: unknown,
  warn: (message: string) => void = console.warn,
): void {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    warn(`[sandbox] store API snapshot ignored: ${parsed.error.issues[0]?.message ?? "unreadable"}`);
    return;
  }
  const snapshot = parsed.data as unknown as StoreApiSnapshot;
  holder.storeApi = {
    profiles: new Map(snapshot.profiles.map((p) => [`${p.merchantId}:${p.id}`, p])),
    addresses: new Map(snapshot.addresses.map((a) => [a.id, a])),
    cards: new Map(snapshot.cards.map((c) => [c.id, c])),
    orders: [...snapshot.orders],
    voucherUses: new Map(snapshot.voucherUses),
    nextIds: { ...snapshot.nextIds },
  };
}
