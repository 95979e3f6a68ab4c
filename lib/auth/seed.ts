import "server-only";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import { addStores, createUser, findUserByEmail } from "./users";

/** The sandbox's demo accounts (also in the README). Never created against a real platform. */
export const DEMO_ACCOUNTS = {
  manager: { email: "manager@demo.comanda", password: "demo-manager", name: "Marta (gerente demo)" },
  kitchen: { email: "kitchen@demo.comanda", password: "demo-kitchen", name: "Cozinha demo" },
  cook: { name: "Ana (cozinheira demo)", pin: "1234" },
} as const;

/**
 * Called once the sandbox's stores are known: the manager of every sandbox store, a kitchen
 * account of the first, and a cook with a PIN there. Idempotent; prints the accounts.
 */
export async function seedSandboxAccounts(db: Database, storeIds: readonly string[]): Promise<void> {
  if (env.platformMode === "real" || storeIds.length === 0) return;
  try {
    const first = storeIds.slice(0, 1);
    const { manager, kitchen, cook } = DEMO_ACCOUNTS;
    const existingManager = await findUserByEmail(db, manager.email);
    if (existingManager) await addStores(db, existingManager.id, storeIds);
    else await createUser(db, { ...manager, role: "manager", storeIds });
    if (!(await findUserByEmail(db, kitchen.email))) {
      await createUser(db, { ...kitchen, role: "kitchen", storeIds: first });
      await createUser(db, { name: cook.name, role: "kitchen", storeIds: first, pin: cook.pin });
    }
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
