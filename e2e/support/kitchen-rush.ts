import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { createOrder } from "./board";

/** What the rush specs read of a card from GET /api/orders. */
export type RushCard = { id: string; displayId: string; column: string; actions: string[]; pickupCode?: string };

export async function boardCards(request: APIRequestContext): Promise<RushCard[]> {
  return ((await (await request.get("/api/orders")).json()) as { orders: RushCard[] }).orders;
}

/** The board's card of a placed order, once the poller has brought it in. */
export async function boardCardOf(request: APIRequestContext, displayId: string): Promise<RushCard> {
  let card: RushCard | undefined;
  await expect
    .poll(
      async () => {
        card = (await boardCards(request)).find((order) => order.displayId === displayId);
        return card;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return card!;
}

export async function postAction(
  request: APIRequestContext,
  id: string,
  action: string,
  body: object = {},
): Promise<RushCard> {
  const response = await request.post(`/api/orders/${encodeURIComponent(id)}/actions/${action}`, { data: body });
  expect(response.ok(), `${action} ${id}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { order: RushCard }).order;
}

const FORWARD = ["confirm", "readyForPickup", "pickedUp", "dispatch", "delivered"];

/** A dispatch of an order the platform's courier collects carries the courier's code, as a cook types it. */
export function withPickupCode(card: { pickupCode?: string }, action: string): object {
  return action === "dispatch" && card.pickupCode ? { pickupCode: card.pickupCode } : {};
}

/** Takes every live order of the board to done: tests share the server, each starts from a calm board. */
export async function clearLiveOrders(request: APIRequestContext): Promise<void> {
  for (const card of await boardCards(request)) {
    let current = card;
    for (let step = 0; step < 5 && ["new", "preparing", "ready", "dispatched"].includes(current.column); step++) {
      const next = current.actions.find((action) => FORWARD.includes(action));
      if (!next) break;
      current = await postAction(request, current.id, next, withPickupCode(current, next));
    }
  }
}

export type RushItem = {
  code: string;
  quantity?: number;
  options?: Array<{ code: string }>;
  specialInstructions?: string;
};
export type RushCart = { items: RushItem[]; extraInfo: string | null };

/** The notes a cart carries (its items' and its own), as the card must show them. */
export function notesOf(cart: RushCart): string[] {
  return [
    ...cart.items.flatMap((item) => (item.specialInstructions ? [item.specialInstructions] : [])),
    ...(cart.extraInfo ? [cart.extraInfo] : []),
  ];
}

/**
 * A Friday night at the demo pizzeria with notes on many orders: an intolerance on an item, an
 * allergy on the order, plain requests.
 */
export const NOTED_CARTS: RushCart[] = [
  {
    items: [
      {
        code: "PZ-GRANDE",
        options: [{ code: "SAB-CALABRESA" }, { code: "SAB-MUSSARELA" }, { code: "MASSA-TRADICIONAL" }],
        specialInstructions: "SEM LACTOSE - cliente intolerante",
      },
      { code: "BEB-GUARANA-2L" },
    ],
    extraInfo: null,
  },
  {
    items: [
      {
        code: "PZ-MEDIA",
        options: [{ code: "SAB-PORTUGUESA" }, { code: "MASSA-FINA" }],
        specialInstructions: "sem cebola",
      },
      { code: "BEB-COCA-2L", specialInstructions: "bem gelada" },
    ],
    extraInfo: null,
  },
  {
    items: [
      { code: "PZ-BROTO", quantity: 2, options: [{ code: "SAB-FRANGO-CATUPIRY" }, { code: "MASSA-TRADICIONAL" }] },
    ],
    extraInfo: "Alergia a amendoim",
  },
  {
    items: [
      {
        code: "PZ-FAMILIA",
        options: [{ code: "SAB-QUATRO-QUEIJOS" }, { code: "SAB-MARGUERITA" }, { code: "MASSA-INTEGRAL" }],
      },
      { code: "SOB-PUDIM" },
    ],
    extraInfo: null,
  },
];

export type Placed = { id: string; displayId: string; cart: RushCart };

let placedSoFar = 0;

/** Places `count` orders in turn of type and cart, and waits until the board has them all. */
export async function placeRush(request: APIRequestContext, count: number, carts = NOTED_CARTS): Promise<Placed[]> {
  const placed: Placed[] = [];
  for (let index = 0; index < count; index++, placedSoFar++) {
    const type = (["TAKEOUT", "DELIVERY", "INDOOR"] as const)[placedSoFar % 3];
    const cart = carts[placedSoFar % carts.length]!;
    const order = await createOrder(request, type, "INSTANT", cart);
    placed.push({ ...order, cart });
  }
  for (const order of placed) await boardCardOf(request, order.displayId);
  return placed;
}

/** Every part of an order's card in a lane (a cooking ticket may be in several, each named after the order). */
export function cardParts(page: Page, column: string, displayId: string): Locator {
  return page
    .getByRole("region", { name: column, exact: true })
    .getByRole("article", { name: new RegExp(`^Pedido ${displayId}(, parte \\d+ de \\d+)?$`) });
}

/**
 * For each element, true when it is painted where it is: its box lies in the viewport and the
 * points near its corners hit it (not clipped by a scrolling lane, not covered by something else).
 * Runs in the page over all the elements at once: the board may re-lay its tickets between two
 * calls, and a part counted by one call may be gone by the next.
 */
const paintedWhole = (nodes: Element[]): boolean[] =>
  nodes.map((node) => {
    const box = node.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) return false;
    const card = node.closest("article") ?? node;
    const inset = node === card ? 6 : 2;
    return [
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ].every(([x, y]) => {
      const hit = document.elementFromPoint(x!, y!);
      return hit !== null && card.contains(hit);
    });
  });

/** True when the element (one) is painted whole where it is. */
export async function fullyShown(element: Locator): Promise<boolean> {
  await element.waitFor({ state: "attached" });
  const [shown = false] = await element.evaluateAll(paintedWhole);
  return shown;
}

/** Whether every one of the elements is painted whole, read in one go (false when there are none). */
export async function allFullyShown(elements: Locator): Promise<boolean> {
  const shown = await elements.evaluateAll(paintedWhole);
  return shown.length > 0 && !shown.includes(false);
}
