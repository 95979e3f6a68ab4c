import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import ptBR from "./messages/pt-BR.json";
import { BACK_OFFICE_NAMESPACES, splitMessages } from "./namespaces";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The project's module an import names ("@/…" or relative), or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile()) ?? null;
}

/** Every module of ours the entries load, statically or with import(). */
function reachableFrom(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) {
      const target = resolveImport(file, (match[1] ?? match[2])!);
      if (target) pending.push(target);
    }
  }
  return seen;
}

/**
 * The namespaces a module reads: useTranslations("board") / getTranslations("alerts.sound"), and
 * the first part of a key given to a root translator, t("card.label") or t.rich("lanes.x").
 */
function namespacesIn(source: string): string[] {
  const pattern =
    /(?:useTranslations|getTranslations)\(\s*["'`](\w+)[."'`]|\bt\w*(?:\.(?:rich|markup|has|raw))?\(\s*["'`](\w+)\./g;
  return [...source.matchAll(pattern)].map((match) => (match[1] ?? match[2])!);
}

describe("back-office namespaces", () => {
  it("are namespaces of the catalogue", () => {
    expect(BACK_OFFICE_NAMESPACES.filter((namespace) => !(namespace in ptBR))).toEqual([]);
  });

  it("are read by no code that a page outside the back office loads (the root layout does not send them)", () => {
    const app = path.join(ROOT, "app");
    const routes = readdirSync(app, { recursive: true, encoding: "utf8" })
      .map((file) => path.join(app, file))
      .filter((file) => /\/(page|layout|forbidden|not-found|error)\.tsx$/.test(file) && !file.includes("/(manager)/"));
    expect(routes.map((file) => path.relative(ROOT, file))).toContain("app/(kitchen)/board/page.tsx");
    const readers = [...reachableFrom(routes)].flatMap((file) =>
      namespacesIn(readFileSync(file, "utf8"))
        .filter((namespace) => (BACK_OFFICE_NAMESPACES as readonly string[]).includes(namespace))
        .map((namespace) => `${path.relative(ROOT, file)}: ${namespace}`),
    );
    expect(readers).toEqual([]);
  });

  it("the scan finds what the board reads (a check that can fail)", () => {
    const board = reachableFrom([path.join(ROOT, "app/(kitchen)/board/page.tsx")]);
    const read = new Set([...board].flatMap((file) => namespacesIn(readFileSync(file, "utf8"))));
    // Named outright, nested ("alerts.sound"), and through a root translator ("card.label").
    expect([...read]).toEqual(expect.arrayContaining(["board", "alerts", "card", "details", "pin"]));
  });
});

describe("splitMessages", () => {
  it("parts the catalogue in two, losing nothing", () => {
    const { shared, backOffice } = splitMessages(ptBR);
    expect(Object.keys(backOffice).sort()).toEqual([...BACK_OFFICE_NAMESPACES].sort());
    expect({ ...shared, ...backOffice }).toEqual(ptBR);
    expect(Object.keys(shared)).not.toContain("reports");
  });
});
