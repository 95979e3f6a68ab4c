import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { v2DocumentsFound, v2WebhookErrors } from "@/e2e/support/open-delivery-v2-schemas";
import { ORDER_EVENT_TYPES_V2 } from "./order-schema";
import { readWebhookEventV2, V1_ONLY_EVENT_TYPES } from "./webhook-event";

// The 2.0 webhook's body parser (rc.2's `orderEvent`): every OrderEvent valid against
// orders.openapi.yaml is read whole, keys it does not name kept; any JSON is answered without a
// throw; an event missing a required field is refused naming it; a 1.x event is told apart.

const isoAt = fc
  .integer({ min: Date.parse("2026-01-01T00:00:00Z"), max: Date.parse("2027-01-01T00:00:00Z") })
  .map((ms) => new Date(ms).toISOString());
const id = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9:_-]{0,30}$/);

const event = fc.record(
  {
    eventId: id,
    eventType: fc.constantFrom(...ORDER_EVENT_TYPES_V2),
    orderId: id,
    orderURL: id.map((orderId) => `https://api.example.com/od/v2/orders/${orderId}`),
    createdAt: isoAt,
    sourceAppId: fc.uuid({ version: 4 }),
    metadata: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  },
  { requiredKeys: ["eventId", "eventType", "orderId", "createdAt"] },
);

const REQUIRED = ["eventId", "eventType", "orderId", "createdAt"] as const;

describe("the 2.0 webhook's OrderEvent parser", () => {
  it("reads every event valid against the document, whole, with keys the document does not name", () => {
    fc.assert(
      fc.property(event, fc.option(fc.jsonValue({ maxDepth: 1 }), { nil: undefined }), (body, extra) => {
        expect(v2WebhookErrors("orders", "orderEvent", body)).toEqual([]);
        const withExtra = extra === undefined ? body : { ...body, xPlatformNote: extra };
        const read = readWebhookEventV2(withExtra);
        expect(read).toEqual({ ok: true, event: withExtra });
      }),
    );
  });

  it("answers any JSON without a throw; what it accepts has every required field", () => {
    const anyBody = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      event.chain((body) =>
        fc
          .dictionary(fc.constantFrom(...REQUIRED), fc.jsonValue({ maxDepth: 1 }))
          .map((over) => ({ ...body, ...over })),
      ),
    );
    fc.assert(
      fc.property(anyBody, (body) => {
        const read = readWebhookEventV2(body);
        if (read.ok) for (const field of REQUIRED) expect(read.event[field]).toEqual(expect.any(String));
        else expect(read.error.length).toBeGreaterThan(0);
      }),
    );
  });

  it("refuses an event missing a required field or with a malformed time, naming the field", () => {
    fc.assert(
      fc.property(event, fc.constantFrom(...REQUIRED), fc.boolean(), (body, field, drop) => {
        const broken: Record<string, unknown> = { ...body };
        if (drop) delete broken[field];
        else broken[field] = field === "createdAt" ? "yesterday" : "";
        if (v2DocumentsFound && drop) expect(v2WebhookErrors("orders", "orderEvent", broken)).not.toEqual([]);
        const read = readWebhookEventV2(broken);
        expect(read.ok).toBe(false);
        if (!read.ok) {
          expect(read.dialect).toBeNull();
          expect(read.error).toContain(field);
        }
      }),
    );
  });

  it("tells a 1.x event apart: an event type 2.0 removed, or an orderURL under /v1/orders/", () => {
    fc.assert(
      fc.property(event, fc.constantFrom(...V1_ONLY_EVENT_TYPES), fc.boolean(), (body, v1Type, byType) => {
        const v1 = byType
          ? { ...body, eventType: v1Type }
          : { ...body, orderURL: `https://platform.example/api/v1/orders/${body.orderId}` };
        const read = readWebhookEventV2(v1);
        expect(read).toMatchObject({ ok: false, dialect: "1.x" });
        if (!read.ok) expect(read.error).toMatch(byType ? v1Type : /\/v1\/orders\//);
      }),
    );
  });

  it("keeps an event type newer than rc.2 (stored, never refused), as the polled events do", () => {
    fc.assert(
      fc.property(event, fc.stringMatching(/^[A-Z][A-Z_]{2,20}$/), (body, type) => {
        fc.pre(!(V1_ONLY_EVENT_TYPES as readonly string[]).includes(type));
        expect(readWebhookEventV2({ ...body, eventType: type })).toMatchObject({ ok: true });
      }),
    );
  });
});
