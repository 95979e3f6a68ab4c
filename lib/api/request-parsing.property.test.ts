import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseInput } from "@/lib/api/handler";
import { AppError, errorResponse } from "@/lib/errors";
import { historyFiltersSchema } from "@/lib/contract/history";
import { reportQuerySchema } from "@/lib/contract/reports";
import {
  deviceRequestSchema,
  newStaffRequestSchema,
  pinRequestSchema,
  staffChangeRequestSchema,
} from "@/lib/contract/auth";
import {
  integrationInputSchema,
  newStoreInputSchema,
  testConnectionInputSchema,
} from "@/lib/contract/integration-settings";
import { parkedRetryRequestSchema, testOrderRequestSchema } from "@/lib/contract/manager";
import { actionRequestSchema } from "@/lib/contract/action-request";
import { kitchenSettingsSchema } from "@/lib/contract/kitchen-settings";
import { storableJson, storableText } from "@/lib/contract/storable-text";

// Whatever a browser (or an attacker with one) sends, a route's parsing either accepts it or
// answers 400 with a sentence: never another exception, which would be a 500.

const requestSchemas = {
  pinRequestSchema,
  deviceRequestSchema,
  newStaffRequestSchema,
  staffChangeRequestSchema,
  integrationInputSchema,
  newStoreInputSchema,
  testConnectionInputSchema,
  parkedRetryRequestSchema,
  testOrderRequestSchema,
  actionRequestSchema,
  historyFiltersSchema,
  reportQuerySchema,
  kitchenSettingsSchema,
};

/** What PostgreSQL refuses in text: NUL, and a UTF-16 surrogate without its pair. */
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text with what breaks naive parsers and PostgreSQL: control characters and lone surrogates. */
const hostileText = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({ unit: fc.constantFrom("\u0000", "\u001f", "\ud800", "\udfff", "a", "é", "\u2028") }),
);
const hostileNumber = fc.oneof(
  fc.double(),
  fc.constantFrom(2 ** 31, 2 ** 53 + 1, -0, Number.MAX_VALUE, 1e308),
  fc.bigInt().map(String),
);
const hostileJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileText, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Plausible bodies with hostile values in the right places, so the parsers look deeper. */
const hostileBody = fc.oneof(
  hostileJson,
  fc.record({
    action: fc.constantFrom("confirm", "dispatch", "requestCancellation", "denyCancellation", "pickedUp"),
    preparationTime: hostileNumber,
    code: hostileText,
    reason: hostileText,
    deliveryPerson: hostileText,
  }),
  fc.record({ name: hostileText, storeId: hostileText, pin: hostileText, email: hostileText }),
  fc.record({ from: hostileText, to: hostileText, q: hostileText, store: hostileText, page: hostileText }),
);

describe("request parsing under arbitrary input", () => {
  it.each(Object.entries(requestSchemas))("%s accepts or answers 400 with a sentence", async (_name, schema) => {
    const answers: number[] = [];
    fc.assert(
      fc.property(hostileBody, (body) => {
        try {
          parseInput(schema as never, body);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).message.length).toBeGreaterThan(10);
          answers.push(errorResponse(error).status);
        }
      }),
      { numRuns: 300, seed: 20261123 },
    );
    expect(answers.every((status) => status === 400)).toBe(true);
  });

  it("lets no NUL or lone surrogate through the free text staff send with an action", () => {
    fc.assert(
      fc.property(hostileText, (reason) => {
        const parsed = actionRequestSchema.safeParse({
          action: "requestCancellation",
          code: "SYSTEMIC_ISSUES",
          reason,
        });
        if (parsed.success && "reason" in parsed.data) expect(unstorable.test(parsed.data.reason)).toBe(false);
      }),
      { numRuns: 500, seed: 7 },
    );
  });
});

describe("kitchen settings' pacing", () => {
  it("accepts only whole capacities and hard limits above the capacity", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.oneof(fc.integer({ min: -5, max: 1_100 }), hostileNumber),
        fc.oneof(fc.integer({ min: -5, max: 1_100 }), hostileNumber),
        (enabled, capacity, hardLimit) => {
          const body = { preparationMinutes: 20, reportPreparing: true, pacing: { enabled, capacity, hardLimit } };
          const parsed = kitchenSettingsSchema.safeParse(body);
          const valid =
            Number.isInteger(capacity) &&
            Number.isInteger(hardLimit) &&
            (capacity as number) >= 1 &&
            (capacity as number) <= 500 &&
            (hardLimit as number) <= 1000 &&
            (hardLimit as number) > (capacity as number);
          expect(parsed.success).toBe(valid);
        },
      ),
      { numRuns: 1000, seed: 27 },
    );
  });
});

describe("storable text", () => {
  it("leaves no NUL or lone surrogate, and is idempotent", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const clean = storableText(text);
        expect(unstorable.test(clean)).toBe(false);
        expect(storableText(clean)).toBe(clean);
        expect(clean.length).toBe(text.length);
      }),
      { numRuns: 1000, seed: 11 },
    );
  });

  it("cleans every string of a JSON value, keys included, and says when it changed something", () => {
    fc.assert(
      fc.property(hostileJson, (value) => {
        const { value: clean, changed } = storableJson(value);
        const text = JSON.stringify(clean) ?? "";
        expect(JSON.parse(JSON.stringify(text))).toBe(text);
        const strings: string[] = [];
        JSON.stringify(clean, (key, item: unknown) => {
          strings.push(key);
          if (typeof item === "string") strings.push(item);
          return item;
        });
        expect(strings.some((s) => unstorable.test(s))).toBe(false);
        expect(changed).toBe(JSON.stringify(value) !== JSON.stringify(clean));
      }),
      { numRuns: 300, seed: 13 },
    );
  });
});
