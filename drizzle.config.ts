import { defineConfig } from "drizzle-kit";

// Used only to generate the committed SQL migrations (`npm run db:generate`); the app applies
// them itself at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema.ts",
  out: "./lib/db/migrations",
});
