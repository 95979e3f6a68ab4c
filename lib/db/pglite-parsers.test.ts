import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { PglitePreparedQuery } from "drizzle-orm/pglite/session";
import { afterAll, describe, expect, it } from "vitest";
import { DRIZZLE_TEXT_TYPES, withDrizzleParsersInstalled } from "./pglite-parsers";

const ROW = sql`select
  timestamptz '2026-11-29 21:05:06.789+00' as at,
  timestamp '2026-11-29 21:05:06' as local,
  date '2026-11-29' as day,
  interval '1 day 02:03:04' as span,
  array[timestamptz '2026-11-29 21:05:06+00', null] as ats,
  array[1.50, 2]::numeric[] as amounts,
  42 as answer,
  '{"a": [1, "dois"]}'::jsonb as doc`;

describe("withDrizzleParsersInstalled", () => {
  const plain = PGlite.create();
  const lean = PGlite.create().then(withDrizzleParsersInstalled);
  afterAll(async () => {
    await (await plain).close();
    await (await lean).close();
  });

  it("installs exactly the parsers drizzle's driver passes with every query", () => {
    // Its constructor's arguments that matter here are none: the configs are fixed (private fields).
    const prepared = Reflect.construct(PglitePreparedQuery, Array(11).fill(undefined)) as unknown as Record<
      "queryConfig" | "rawQueryConfig",
      QueryOptions
    >;
    for (const config of [prepared.queryConfig, prepared.rawQueryConfig]) {
      expect(
        Object.keys(config.parsers ?? {})
          .map(Number)
          .sort(),
      ).toEqual([...DRIZZLE_TEXT_TYPES].sort());
      for (const parse of Object.values(config.parsers ?? {}))
        expect(parse("2026-11-29 21:05:06+00", 0)).toBe("2026-11-29 21:05:06+00");
    }
  });

  it("gives drizzle's queries the very values a plain instance gives, in and out of a transaction", async () => {
    const before = await drizzle(await plain).execute(ROW);
    const db = drizzle(await lean);
    const after = await db.execute(ROW);
    expect(after.rows).toEqual(before.rows);
    expect(after.rows[0]).toMatchObject({ at: "2026-11-29 21:05:06.789+00", day: "2026-11-29", answer: 42 });
    const inTransaction = await db.transaction((tx) => tx.execute(ROW));
    expect(inTransaction.rows).toEqual(before.rows);
  });

  it("keeps a query's own parsers where they are not the installed ones", async () => {
    const pg = await lean;
    const own = { 23: (value: string) => `int ${value}`, 1184: (value: string) => `at ${value}` };
    const { rows } = await pg.query("select 7 as n, timestamptz '2026-11-29 00:00:00+00' as at", [], { parsers: own });
    expect(rows).toEqual([{ n: "int 7", at: "at 2026-11-29 00:00:00+00" }]);
    const inTransaction = await pg.transaction((tx) => tx.query("select 8 as n", [], { parsers: own }));
    expect(inTransaction.rows).toEqual([{ n: "int 8" }]);
  });
});
