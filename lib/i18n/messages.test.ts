import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import en from "./messages/en.json";
import ptBR from "./messages/pt-BR.json";

/** Dotted paths of every leaf message, e.g. "card.label". */
function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix === "" ? key : `${prefix}.${key}`));
}

describe("message catalogues", () => {
  it("pt-BR and en have exactly the same keys", () => {
    expect(keysOf(en).sort()).toEqual(keysOf(ptBR).sort());
  });

  it("have no empty messages", () => {
    for (const catalogue of [en, ptBR]) {
      const leaves = keysOf(catalogue).map((path) =>
        path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], catalogue),
      );
      expect(leaves.every((leaf) => typeof leaf === "string" && leaf.trim() !== "")).toBe(true);
    }
  });
});

describe("typed message declaration", () => {
  // pt-BR.d.json.ts gives `t()` each message's literal text, from which next-intl types its
  // arguments. `next dev`/`build`/`typegen` rewrite it; committed, so `tsc` checks a fresh checkout.
  it("pt-BR.d.json.ts declares exactly pt-BR.json (run `npx next typegen` after editing messages)", () => {
    const declaration = readFileSync(new URL("./messages/pt-BR.d.json.ts", import.meta.url), "utf8");
    const body = /declare const messages: ([\s\S]*);\nexport default messages;/.exec(declaration)?.[1];
    expect(body && JSON.parse(body)).toEqual(ptBR);
  });
});
