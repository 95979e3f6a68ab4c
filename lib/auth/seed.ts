import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import { addStores, createUser, findUserByEmail } from "./users";

/** The sandbox's demo accounts (also in the README). Never created against a real platform. */
export const DEMO_ACCOUNTS = {
  manager: { email: "manager@demo.comanda", password: "demo-manager", name: "Marta (gerente demo)" },
  kitchen: { email: "kitchen@demo.comanda", password: "demo-kitchen", name: "Cozinha demo" },
  cook: { name: "Ana (cozinheira demo)", pin: "1234" },
} as const;

/** The advisory lock that serialises seeders ("comanda:seed" in ASCII, beside migrations' "coma"). */
const SEED_LOCK = 0x73656564;

/**
 * Called once the sandbox's stores are known: the manager of every sandbox store, a kitchen
 * account of the first, and a cook with a PIN there. Idempotent; prints the accounts.
 *
 * Instances starting together on one PostgreSQL each seed: a check-then-insert would let two of
 * them find no manager and both insert one (a duplicate key on users_email_idx), and the cook has
 * no email to conflict on at all. So the whole check-and-create is one transaction under an
 * advisory lock: the second seeder waits for the first to commit, then finds its accounts.
 */
export async function seedSandboxAccounts(db: Database, storeIds: readonly string[]): Promise<void> {
  if (env.platformMode === "real" || storeIds.length === 0) return;
  try {
    const first = storeIds.slice(0, 1);
    const { manager, kitchen, cook } = DEMO_ACCOUNTS;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      // The transaction is a Database too: createUser's own transaction becomes a savepoint in it.
      const inside: Database = tx;
      const existingManager = await findUserByEmail(inside, manager.email);
      if (existingManager) await addStores(inside, existingManager.id, storeIds);
      else await createUser(inside, { ...manager, role: "manager", storeIds });
      if (!(await findUserByEmail(inside, kitchen.email))) {
        await createUser(inside, { ...kitchen, role: "kitchen", storeIds: first });
        await createUser(inside, { name: cook.name, role: "kitchen", storeIds: first, pin: cook.pin });
      }
    });
    console.info(
      [
        "[auth] sandbox demo accounts:",
        `  manager  ${manager.email} / ${manager.password}  (every sandbox store)`,
        `  kitchen  ${kitchen.email} / ${kitchen.password}  (first store)`,
        `  cook PIN ${cook.pin}  (${cook.name}, first store)`,
      ].join("\n"),
    );
  } catch (error) {
    // Demo accounts are a convenience: never let them stop the pollers.
    console.error("[auth] could not seed the sandbox demo accounts", error);
  }
}
