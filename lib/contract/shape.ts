/**
 * Shape checks: the few lines of validation the board's first load runs instead of zod (issue 13:
 * zod's core was ~24 kB gzip of the board's first load, and its parse a part of every load and
 * stream message). The server parses every answer with the contract's zod schemas before sending
 * it (lib/api/handler.ts `respond`); the board checks that what arrives has the contract's shape
 * (types, enums, bounds), drops it otherwise, and keeps the value as it came (nothing stripped or
 * copied). Each shape is typed against its zod schema's type, field by field and invariantly, so a
 * field added to or changed in a schema fails to compile until its shape follows (board-shape.ts).
 *
 * A shape is a Standard Schema (https://standardschema.dev), as zod's schemas are: apiRequest and
 * parseStreamMessage (client.ts) take either.
 */

/** A check that a value is a T. The phantom member makes Shape<T> invariant in T. */
export interface Shape<T> {
  readonly is: (value: unknown) => boolean;
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "comanda";
    readonly validate: (value: unknown) => { readonly value: T } | { readonly issues: readonly { message: string }[] };
    readonly types?: { readonly input: T; readonly output: T };
  };
  readonly __type?: (value: T) => T;
}

const NOT_OF_SHAPE = [{ message: "not of the contract's shape" }] as const;

function shape<T>(is: (value: unknown) => boolean): Shape<T> {
  return {
    is,
    "~standard": {
      version: 1,
      vendor: "comanda",
      validate: (value) => (is(value) ? { value: value as T } : { issues: NOT_OF_SHAPE }),
    },
  };
}

/** JSON has no NaN or Infinity; zod's number refuses them too. */
export const number = shape<number>((value) => typeof value === "number" && Number.isFinite(value));
export const int = shape<number>((value) => Number.isSafeInteger(value));
export const boolean = shape<boolean>((value) => typeof value === "boolean");
export const string = shape<string>((value) => typeof value === "string");

/** A shape narrowed by a further test, as zod's .check(…): refine(int, (n) => n >= 0). */
export function refine<T>(base: Shape<T>, test: (value: T) => boolean): Shape<T> {
  return shape((value) => base.is(value) && test(value as T));
}

export function oneOf<const V extends readonly string[]>(values: V): Shape<V[number]> {
  const set = new Set<unknown>(values);
  return shape((value) => set.has(value));
}

export function nullable<T>(inner: Shape<T>): Shape<T | null> {
  return shape((value) => value === null || inner.is(value));
}

export function optional<T>(inner: Shape<T>): Shape<T | undefined> {
  return shape((value) => value === undefined || inner.is(value));
}

export function array<T>(inner: Shape<T>): Shape<T[]> {
  return shape((value) => Array.isArray(value) && value.every((item) => inner.is(item)));
}

/** Every field of T, each with its own shape (extra fields pass: the server already left them out). */
export function object<T extends object>(fields: { readonly [K in keyof T]-?: Shape<T[K]> }): Shape<T> {
  const entries = Object.entries(fields) as [string, Shape<unknown>][];
  return shape(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      entries.every(([key, field]) => field.is((value as Record<string, unknown>)[key])),
  );
}
