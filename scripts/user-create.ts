// `npm run user:create -- --email a@b.c --name "Ana" --role admin [--password …] [--stores id1,id2] [--pin 1234]`
// Creates a user in the configured database (DATA_DIR or DATABASE_URL). Missing values are asked
// for; the password is read without echo. The way to create the first admin outside sandbox mode.
import { parseArgs } from "node:util";
import { createInterface } from "node:readline/promises";
import { z } from "zod";
import { pinSchema } from "@/lib/contract/auth";
import { ROLES } from "@/lib/contract/roles";
import { createUser, findUserByEmail } from "@/lib/auth/users";
import { getDatabaseHandle } from "@/lib/db";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string" },
    password: { type: "string" },
    stores: { type: "string" },
    pin: { type: "string" },
  },
});

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) {
    console.error(
      `Missing a value and no terminal to ask it on: ${question.replace(/[:\s]+$/, "")}. Pass it as a flag (see --help in the README).`,
    );
    process.exit(2);
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing of what is typed after the question.
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    let asked = false;
    output._writeToOutput = (s: string) => {
      if (!asked) {
        process.stdout.write(s);
        asked = true;
      }
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden) process.stdout.write("\n");
  return answer.trim();
}

const inputSchema = z.object({
  email: z.email(),
  name: z.string().min(1).max(100),
  role: z.enum(ROLES),
  password: z.string().min(10, "must be at least 10 characters").max(200),
  storeIds: z.array(z.string().min(1)),
  pin: pinSchema.optional(),
});

async function main(): Promise<void> {
  const input = inputSchema.safeParse({
    email: values.email ?? (await ask("Email: ")),
    name: values.name ?? (await ask("Name: ")),
    // With flags, the default role is admin (the first user); asked otherwise.
    role: values.role ?? (values.email ? "admin" : (await ask("Role (kitchen, manager, admin) [admin]: ")) || "admin"),
    password: values.password ?? (await ask("Password (10+ characters): ", true)),
    storeIds: (values.stores ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    pin: values.pin,
  });
  if (!input.success) {
    console.error(input.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`).join("\n"));
    process.exit(2);
  }
  if (input.data.role !== "admin" && input.data.storeIds.length === 0) {
    console.error("  - stores: a kitchen or manager account needs --stores (comma-separated store ids)");
    process.exit(2);
  }
  const handle = await getDatabaseHandle();
  try {
    if (await findUserByEmail(handle.db, input.data.email)) {
      console.error(`A user with the email ${input.data.email} already exists.`);
      process.exitCode = 1;
      return;
    }
    const id = await createUser(handle.db, input.data);
    console.log(`Created ${input.data.role} ${input.data.email} (user ${id}).`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
