import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { itAgainstOpenApi } from "@/e2e/support/openapi-check";
import { openApiErrors } from "@/e2e/support/openapi-schemas";
import { merchantUpdateSchema } from "./update-schema";

// The sandbox's merchantUpdate schema is written from Open Delivery 1.7.0 by hand: checked here
// against the document itself (Ajv over the YAML), on Comanda's bodies and on random breakages of
// them, so that the sandbox refuses what the standard refuses and takes what it takes.

const uuid = (n: number) => `5f0d7e1c-0000-4000-8000-${String(n).padStart(12, "0")}`;
const itemPrice = { value: 14, originalValue: 16.5, currency: "BRL" };
const offer = {
  id: uuid(1),
  itemId: uuid(2),
  index: 0,
  status: "UNAVAILABLE",
  price: itemPrice,
  optionGroupsId: [uuid(3)],
};
const option = { id: uuid(4), itemId: uuid(5), index: 1, status: "AVAILABLE", price: itemPrice, maxPermitted: 1 };
const category = {
  id: uuid(6),
  index: 0,
  name: "Bebidas",
  externalCode: "category:1",
  status: "AVAILABLE",
  itemOfferId: [uuid(1)],
};

/** Every shape Comanda sends (lib/merchant/controls.ts), and one of each other entity it may one day. */
const bodies: Record<string, unknown> = {
  reread: {},
  pause: { merchantStatus: "UNAVAILABLE" },
  reopen: { merchantStatus: "AVAILABLE" },
  soldOut: { entityType: "ITEM_OFFER", updatedObjects: [offer] },
  optionSoldOut: { entityType: "OPTION", updatedObjects: [option] },
  both: { merchantStatus: "AVAILABLE", entityType: "CATEGORY", updatedObjects: [category] },
};

const accepted = (body: unknown) => merchantUpdateSchema.safeParse(body).success;
const valid = (body: unknown) => openApiErrors("MerchantUpdate", body).length === 0;

/** A copy of `body` with the value at `path` replaced (undefined: the key removed). */
function broken(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

/** Every path to a value inside a body's updatedObjects (and its own fields). */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== "object" || value === null) return prefix.length ? [prefix] : [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [...(prefix.length ? [prefix] : []), ...entries.flatMap(([key, v]) => paths(v, [...prefix, key]))];
}

describe("the sandbox's merchantUpdate schema and the 1.7.0 document", () => {
  itAgainstOpenApi("both take every body Comanda sends", () => {
    for (const [name, body] of Object.entries(bodies)) {
      expect(openApiErrors("MerchantUpdate", body), name).toEqual([]);
      expect(accepted(body), name).toBe(true);
    }
  });

  itAgainstOpenApi("both refuse the {id, status} ItemOffer Comanda once sent", () => {
    const partial = { entityType: "ITEM_OFFER", updatedObjects: [{ id: uuid(1), status: "UNAVAILABLE" }] };
    expect(valid(partial)).toBe(false);
    expect(accepted(partial)).toBe(false);
  });

  itAgainstOpenApi("agree on random breakages: a field removed or given a wrong value", () => {
    const wrongValues = [undefined, null, "x", "AVAILABLE", -1, 1.5, true, [], {}, "BRL", "brl", uuid(9)];
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(bodies).filter((b) => Object.keys(b as object).length > 0)),
        fc.nat(),
        fc.constantFrom(...wrongValues),
        (body, pick, value) => {
          const all = paths(body);
          const path = all[pick % all.length]!;
          // Where the schema alone is looser than the standard (below): an entityType the
          // discriminator does not map, or objects without one, or none.
          fc.pre(path[0] !== "entityType" && !(path.length === 1 && (value === undefined || Array.isArray(value))));
          const mutated = broken(body, path, value);
          expect(accepted(mutated), `${JSON.stringify(path)} = ${JSON.stringify(value)}`).toBe(valid(mutated));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("the standard's prose and discriminator", () => {
  it("updatedObjects must not be empty when entityType is set (stricter than the schema)", () => {
    expect(accepted({ entityType: "ITEM_OFFER", updatedObjects: [] })).toBe(false);
    expect(accepted({ entityType: "ITEM_OFFER" })).toBe(false);
    expect(accepted({ updatedObjects: [offer] })).toBe(false);
    // MerchantUpdate's discriminator maps ten entity types: another names no entity.
    expect(accepted({ entityType: "DISH", updatedObjects: [offer] })).toBe(false);
  });
});
