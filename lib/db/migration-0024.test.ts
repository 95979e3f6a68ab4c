import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsBefore, migrationsFolder } from "@/e2e/support/migrations";
import * as schema from "@/lib/db/schema";

// Migration 0024 (issue 30) gives every restaurant of before its four own channels, prices their
// pizzas by the dearest flavour until a manager says otherwise, and adds the customers table.

const scratch = mkdtempSync(path.join(os.tmpdir(), "comanda-migration-0024-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("migration 0024 (own channels and customers)", () => {
  it("gives each existing restaurant its own channels, leaving its platform channel as it was", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsBefore(24, scratch) });
    await client.query(`INSERT INTO stores (id, name) VALUES ('r1', 'Pizzaria'), ('r2', 'Lanches')`);
    await client.query(
      `INSERT INTO channels (id, restaurant_id, kind, label, color) VALUES ('r1', 'r1', 'platform', 'App', '#2563eb')`,
    );
    await migrate(db, { migrationsFolder });

    const { rows } = await client.query<{
      id: string;
      restaurant_id: string;
      kind: string;
      own_source: string | null;
      label: string;
    }>(`SELECT id, restaurant_id, kind, own_source, label FROM channels ORDER BY restaurant_id, id`);
    expect(rows).toEqual([
      { id: "own:counter:r1", restaurant_id: "r1", kind: "own", own_source: "counter", label: "Balcão" },
      { id: "own:phone:r1", restaurant_id: "r1", kind: "own", own_source: "phone", label: "Telefone" },
      { id: "own:table:r1", restaurant_id: "r1", kind: "own", own_source: "table", label: "Mesa" },
      { id: "own:whatsapp:r1", restaurant_id: "r1", kind: "own", own_source: "whatsapp", label: "WhatsApp" },
      { id: "r1", restaurant_id: "r1", kind: "platform", own_source: null, label: "App" },
      { id: "own:counter:r2", restaurant_id: "r2", kind: "own", own_source: "counter", label: "Balcão" },
      { id: "own:phone:r2", restaurant_id: "r2", kind: "own", own_source: "phone", label: "Telefone" },
      { id: "own:table:r2", restaurant_id: "r2", kind: "own", own_source: "table", label: "Mesa" },
      { id: "own:whatsapp:r2", restaurant_id: "r2", kind: "own", own_source: "whatsapp", label: "WhatsApp" },
    ]);
    const pricing = await client.query(`SELECT DISTINCT pizza_pricing FROM stores`);
    expect(pricing.rows).toEqual([{ pizza_pricing: "highest" }]);
    // One customer per restaurant and phone key.
    await client.query(
      `INSERT INTO customers (id, store_id, phone_key, name) VALUES ('c1', 'r1', '5519987654321', 'Ana')`,
    );
    await client.query(
      `INSERT INTO customers (id, store_id, phone_key, name) VALUES ('c2', 'r2', '5519987654321', 'Ana')`,
    );
    await expect(
      client.query(`INSERT INTO customers (id, store_id, phone_key, name) VALUES ('c3', 'r1', '5519987654321', 'A')`),
    ).rejects.toThrow(/customers_store_phone_idx/);
    await client.close();
  });
});
