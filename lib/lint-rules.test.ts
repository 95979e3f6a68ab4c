import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The type-aware rules and the cycle rule of eslint.config.mjs: each case proves a rule fires on
// code that breaks it, and stays quiet on code that doesn't. The cases are real files, written
// before the first lint: typed rules need them in the TypeScript project (whose include skips
// dot-folders), and the cycle rule reads the modules a file imports from disk.
const eslint = new ESLint({ cwd: process.cwd() });

const fixtures = {
  // no-floating-promises
  "unhandled.ts": "async function save(): Promise<void> {}\nexport function onTick() {\n  save();\n}\n",
  "handled.ts":
    "async function save(): Promise<void> {}\nexport function onTick() {\n  save().catch((error: unknown) => console.error(error));\n}\n",
  // no-misused-promises
  "async-handler.tsx":
    "export const Save = ({ save }: { save: () => Promise<void> }) => <button onClick={async () => save()} />;\n",
  "handled-handler.tsx":
    "export const Save = ({ save }: { save: () => Promise<void> }) => (\n  <button\n    onClick={() => {\n      save().catch(console.error);\n    }}\n  />\n);\n",
  // switch-exhaustiveness-check
  "defaulted-switch.ts":
    'export function label(side: "left" | "right"): string {\n  switch (side) {\n    case "left":\n      return "L";\n    default:\n      return "R";\n  }\n}\n',
  "listed-switch.ts":
    'export function label(side: "left" | "right"): string {\n  switch (side) {\n    case "left":\n      return "L";\n    case "right":\n      return "R";\n  }\n}\n',
  // no-cycle: a cycle closed by a type import, one of type imports only, and a one-way import
  "order.ts":
    'import { label } from "./label";\nexport interface Order {\n  id: string;\n}\nexport const title = label;\n',
  "label.ts": 'import type { Order } from "./order";\nexport const label = (order: Order) => order.id;\n',
  "types-a.ts": 'import type { B } from "./types-b";\nexport interface A {\n  b?: B;\n}\n',
  "types-b.ts": 'import type { A } from "./types-a";\nexport interface B {\n  a?: A;\n}\n',
  "leaf.ts": "export interface Leaf {\n  id: string;\n}\n",
  "user.ts": 'import type { Leaf } from "./leaf";\nexport const idOf = (leaf: Leaf) => leaf.id;\n',
};
type Fixture = keyof typeof fixtures;

let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join("lib", "lint-fixture-"));
  for (const [name, source] of Object.entries(fixtures)) writeFileSync(path.join(folder, name), source);
  // The first typed lint loads the whole TypeScript project: once, here, with time to spare.
  await eslint.lintFiles([path.join(folder, "leaf.ts")]);
}, 180_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function ruleErrors(rule: string, fixture: Fixture): Promise<string[]> {
  const [result] = await eslint.lintFiles([path.join(folder, fixture)]);
  const messages = result?.messages ?? [];
  const fatal = messages.filter((message) => message.fatal);
  if (fatal.length > 0) throw new Error(fatal.map((message) => message.message).join("\n"));
  return messages.filter((message) => message.ruleId === rule).map((message) => message.message);
}

describe("lint rules", () => {
  it.each<[string, string, Fixture]>([
    ["@typescript-eslint/no-floating-promises", "a promise left unhandled", "unhandled.ts"],
    ["@typescript-eslint/no-misused-promises", "an async event handler", "async-handler.tsx"],
    [
      "@typescript-eslint/switch-exhaustiveness-check",
      "a default standing in for a union member",
      "defaulted-switch.ts",
    ],
    ["comanda/no-cycle", "a cycle closed by a type import, at its value end", "order.ts"],
    ["comanda/no-cycle", "a cycle closed by a type import, at its type end", "label.ts"],
    ["comanda/no-cycle", "a cycle of type imports only", "types-a.ts"],
  ])("%s refuses %s", async (rule, _name, fixture) => {
    expect(await ruleErrors(rule, fixture)).not.toEqual([]);
  });

  it.each<[string, string, Fixture]>([
    ["@typescript-eslint/no-floating-promises", "a promise whose failure is logged", "handled.ts"],
    ["@typescript-eslint/no-misused-promises", "a handler that handles the promise", "handled-handler.tsx"],
    ["@typescript-eslint/switch-exhaustiveness-check", "every member listed", "listed-switch.ts"],
    ["comanda/no-cycle", "a type imported one way, at the importer", "user.ts"],
    ["comanda/no-cycle", "a type imported one way, at the imported", "leaf.ts"],
  ])("%s allows %s", async (rule, _name, fixture) => {
    expect(await ruleErrors(rule, fixture)).toEqual([]);
  });
});
