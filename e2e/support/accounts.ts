/** Accounts the browser tests' server has: the sandbox demo accounts, and an admin it creates. */
export const ACCOUNTS = {
  kitchen: { email: "kitchen@demo.comanda", password: "demo-kitchen" },
  manager: { email: "manager@demo.comanda", password: "demo-manager" },
  admin: { email: "admin@e2e.comanda", password: "e2e-admin-password" },
} as const;

export type AccountName = keyof typeof ACCOUNTS;

export const DEMO_COOK = { name: "Ana (cozinheira demo)", pin: "1234" } as const;

/**
 * The e2e server's AUTH_SECRET (playwright.config.ts passes it): fixed, so the bundle test knows
 * what must not appear in the client bundles.
 */
export const E2E_AUTH_SECRET = "e2e-only-auth-secret-0f9c2d7a51b84e63a9d1c4b7e2f05a18";
