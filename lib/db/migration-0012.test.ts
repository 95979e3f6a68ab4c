import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsBefore } from "@/e2e/support/migrations";

// Migration 0012 turns each existing store's interchange credentials into a platform connection:
// stores with the same base URL and client id share one, and keep working.

const scratch = mkdtempSync(path.join(os.tmpdir(), "comanda-migration-0012-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("migration 0012 (platform connections)", () => {
  it("makes one connection per base URL + client id and points every store at its own", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore(12, scratch) });
    await client.exec(`
      INSERT INTO stores (id, name, base_url, client_id, client_secret_encrypted, poll_interval_seconds) VALUES
        ('a', 'Loja A', 'https://platform.example', 'integrator', 'secret-i', 5),
        ('b', 'Loja B', 'https://platform.example', 'integrator', 'secret-i', 10),
        ('c', 'Loja C', 'https://platform.example', 'own-c', 'secret-c', 2);
      INSERT INTO poller_leases (key, holder, token, expires_at) VALUES ('a', 'old', 3, now());
    `);
    // Up to 0020 only: from then on a store's connection is its channel's (migration-0020.test.ts).
    await migrate(db, { migrationsFolder: migrationsBefore(20, scratch) });

    const { rows } = await client.query<{
      id: string;
      name: string;
      client_id: string;
      secret: string;
      interval: number;
    }>(`
      SELECT s.id, c.name, c.client_id, c.client_secret_encrypted AS secret, c.poll_interval_seconds AS interval
      FROM stores s JOIN platform_connections c ON c.id = s.connection_id ORDER BY s.id`);
    expect(rows).toEqual([
      { id: "a", name: "integrator", client_id: "integrator", secret: "secret-i", interval: 10 },
      { id: "b", name: "integrator", client_id: "integrator", secret: "secret-i", interval: 10 },
      { id: "c", name: "Loja C", client_id: "own-c", secret: "secret-c", interval: 2 },
    ]);
    expect((await client.query(`SELECT * FROM platform_connections`)).rows).toHaveLength(2);
    // Leases were keyed by store: none survives (they are keyed by connection now).
    expect((await client.query(`SELECT * FROM poller_leases`)).rows).toEqual([]);
    await client.close();
  });
});
