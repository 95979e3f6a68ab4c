import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { boardOrderSchema, boardSnapshotSchema, orderActionAnswerSchema, type BoardOrder } from "./board";
import { stationBumpAnswerSchema } from "./stations";
import {
  autoPrintClaimShape,
  boardOrderShape,
  boardSnapshotShape,
  merchantActionAnswerShape,
  merchantStateShape,
  orderActionAnswerShape,
  stationBumpAnswerShape,
  statusMessageShape,
} from "./board-shape";
import { apiRequest, parseStreamMessage } from "./client";
import {
  autoPrintClaimSchema,
  merchantActionAnswerSchema,
  merchantStateSchema,
  type MerchantState,
} from "./merchant-state";
import type { Shape } from "./shape";
import { statusMessageSchema } from "./stream";

/** A card with every optional field present, so that every field is tried below. */
const fullCard: BoardOrder = {
  id: "o-1",
  storeId: "s-1",
  channelId: "c-1",
  displayId: "1042",
  type: "DELIVERY",
  customerName: "Ana",
  itemCount: 3,
  total: { value: 42.5, currency: "BRL" },
  placedAt: "2026-11-26T12:00:00.000Z",
  column: "preparing",
  actions: ["readyForPickup", "requestCancellation"],
  detailsUnreadable: false,
  confirmBy: "2026-11-26T12:08:00.000Z",
  scheduledFor: null,
  preparationStartAt: null,
  preparationRequested: true,
  finishedAt: null,
  cancelledWhileCooking: false,
  place: "Mesa 4",
  lines: [{ name: "Pizza", quantity: 2, options: [{ name: "Borda", quantity: 1 }], note: "sem cebola" }],
  flags: ["absurdAmount"],
  truncated: false,
  notes: "SEM GERGELIM",
  moreNotes: "Coca: sem gelo",
  allergy: true,
  recalled: { platformColumn: "ready", at: "2026-11-26T12:10:00.000Z" },
  courier: { fact: "atStore", name: "Rafael Entregas", at: "2026-11-26T12:12:00.000Z" },
  stageSince: "2026-11-26T12:01:00.000Z",
  dueAt: "2026-11-26T12:21:00.000Z",
  preparationMinutes: 20,
  doneLines: [0],
  autoAccepted: false,
  cancellationRequested: true,
  cancellationRequest: { by: "customer", reason: "demorou", code: "CONSUMER_CANCELLATION_REQUESTED" },
  cancelledBecause: { by: "store", reason: null, code: null, unconfirmed: false },
  cancellationPending: false,
  seq: 7,
};

const fullState: MerchantState = {
  storeId: "s-1",
  paused: true,
  pausedUntil: "2026-11-26T13:00:00.000Z",
  pauseReason: "rush",
  pausedBy: "Ana",
  busyMinutes: 10,
  busyBy: "pacing",
  pacing: { load: 14, capacity: 8, hardLimit: 24 },
  unconfirmed: 0,
  waitingChannels: [{ id: "c-1", label: "App 1" }],
  lastSyncError: null,
  soldOut: [{ kind: "item", refId: 3, name: "Pizza", until: null, markedBy: "Ana" }],
  menu: [{ kind: "option", refId: 4, name: "Borda", group: "Bordas", unavailable: true }],
  menuImportedAt: null,
  autoAccept: {
    enabled: true,
    types: ["DELIVERY", "TAKEOUT"],
    hours: { start: "11:00", end: "23:00" },
    cap: 10,
    preparationMinutes: 25,
  },
  hasApiKey: true,
  onboardedAt: null,
  controlChanges: [
    {
      at: "2026-11-26T12:00:00.000Z",
      actor: "pacing",
      change: "busy",
      minutes: 15,
      pacing: { load: 14, capacity: 8, hardLimit: 24 },
    },
  ],
  platformRead: { lastRead: "2026-11-26T12:00:00.000Z", status: "OK", moreInfo: "fine" },
};

/** Values of every JSON kind, and the bounds the schemas check (negative, fraction, zero, long, clock-like). */
const CANDIDATES: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  101,
  241,
  "",
  "x",
  "7:00",
  "12:30",
  "x".repeat(281),
  true,
  [],
  ["x"],
  ["DELIVERY", "TAKEOUT", "INDOOR", "DELIVERY"],
  {},
  "new",
  "customer",
  "store",
  "item",
  "confirm",
  "absurdAmount",
];

/** The value with the thing at `path` replaced (undefined: the key left out). */
function replaced(value: unknown, path: readonly (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaced(item, rest, by) : item));
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && by === undefined) delete copy[head as string];
  else copy[head as string] = replaced(copy[head as string], rest, by);
  return copy;
}

function* paths(value: unknown, prefix: (string | number)[] = []): Generator<(string | number)[]> {
  yield prefix;
  if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* paths(item, [...prefix, index]);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) yield* paths(item, [...prefix, key]);
}

/** Every value at every path of `sample` replaced by every candidate: shape and schema agree on each. */
function disagreements(shape: Shape<unknown>, schema: z.ZodMiniType, sample: unknown): string[] {
  const found: string[] = [];
  for (const path of paths(sample))
    for (const candidate of CANDIDATES) {
      const value = replaced(sample, path, candidate);
      const bySchema = z.safeParse(schema, value).success;
      if (shape.is(value) !== bySchema)
        found.push(
          `${path.join(".") || "(root)"} = ${JSON.stringify(candidate)}: schema ${bySchema ? "accepts" : "refuses"}`,
        );
    }
  return found;
}

describe("board shapes (the board's checks without zod)", () => {
  const cases = [
    ["card", boardOrderShape, boardOrderSchema, fullCard],
    [
      "snapshot",
      boardSnapshotShape,
      boardSnapshotSchema,
      {
        orders: [fullCard],
        overflow: [{ storeId: "s-1", omitted: 2 }],
        stores: [
          { id: "s-1", name: "Bella", preparationMinutes: 20, reportPreparing: true, timeZone: "America/Manaus" },
        ],
        lastSeq: 7,
      },
    ],
    ["action answer", orderActionAnswerShape, orderActionAnswerSchema, { order: fullCard, actor: "Ana" }],
    [
      "station bump answer",
      stationBumpAnswerShape,
      stationBumpAnswerSchema,
      { order: fullCard, actor: "Ana", bumpedAt: "2026-01-01T15:00:00.000Z" },
    ],
    [
      "status message",
      statusMessageShape,
      statusMessageSchema,
      {
        stores: [
          {
            id: "s-1",
            name: "Bella",
            intervalSeconds: 2,
            lastContactAgeSeconds: 1,
            consecutiveFailures: 0,
            down: false,
          },
        ],
        channels: [
          { id: "c-1", storeId: "s-1", label: "App 1", color: "#2563eb", platform: "Open Delivery", down: false },
          { id: "c-2", storeId: "s-1", label: "Balcão", color: "#16a34a", platform: null, down: false },
        ],
        everySeconds: 5,
        database: "up",
      },
    ],
    ["merchant state", merchantStateShape, merchantStateSchema, fullState],
    ["merchant answer", merchantActionAnswerShape, merchantActionAnswerSchema, { state: fullState, apiKey: "k" }],
    ["auto-print claim", autoPrintClaimShape, autoPrintClaimSchema, { print: true }],
  ] as const;

  it.each(cases)("the %s shape accepts and refuses what its zod schema does", (_, shape, schema, sample) => {
    expect(z.safeParse(schema, sample).success).toBe(true);
    expect(disagreements(shape as Shape<unknown>, schema, sample)).toEqual([]);
  });

  it("a stream message of the wrong shape is dropped, and a card is kept as it came", () => {
    expect(parseStreamMessage(boardOrderShape, JSON.stringify({ ...fullCard, seq: "7" }))).toBeNull();
    expect(parseStreamMessage(boardOrderShape, "{not json")).toBeNull();
    expect(parseStreamMessage(boardOrderShape, JSON.stringify(fullCard))).toEqual(fullCard);
  });

  it("an answer of the wrong shape fails the request as an answer that is not ours", async () => {
    const answer = (body: unknown) => async () => Response.json(body);
    const original = globalThis.fetch;
    try {
      globalThis.fetch = answer({ orders: [{ ...fullCard, column: "kitchen" }], lastSeq: 7 }) as typeof fetch;
      await expect(apiRequest(boardSnapshotShape, "/api/orders")).rejects.toMatchObject({
        name: "ApiError",
        code: null,
      });
      globalThis.fetch = answer({ orders: [fullCard], lastSeq: 7 }) as typeof fetch;
      await expect(apiRequest(boardSnapshotShape, "/api/orders")).resolves.toEqual({ orders: [fullCard], lastSeq: 7 });
    } finally {
      globalThis.fetch = original;
    }
  });
});
