import { readFileSync } from "node:fs";
import type { CompiledMessage } from "icu-minify/format";
import catalogLoader from "next-intl/extractor/catalogLoader";
import { createTranslator as createRuntimeTranslator, type AbstractIntlMessages } from "use-intl/core";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_TIME_ZONE, LOCALES, type AppLocale } from "./config";
import { missingMessage, reportIntlError } from "./missing";
import en from "./messages/en.json";
import ptBR from "./messages/pt-BR.json";

// The build precompiles the catalogues (next.config.mjs, `experimental.messages.precompile`): the
// catalogue loader turns each ICU text into icu-minify's compact form, and the plugin aliases
// use-intl's formatter to the one that only reads that form. This test runs both paths side by
// side — the ICU text through intl-messageformat (what runs without precompiling) and the
// loader's output through the precompiled formatter — for every message of both languages, with
// arguments that reach every branch, and asserts the same text and no formatting error.

const RAW: Record<AppLocale, AbstractIntlMessages> = { "pt-BR": ptBR, en };
// Fixed, so date/time arguments and relative formats read the same in both runs.
const NOW = new Date("2026-03-14T15:09:26Z");

/** The catalogue exactly as the build ships it: the plugin's loader with the plugin's options. */
function precompiledCatalogue(locale: AppLocale): Promise<AbstractIntlMessages> {
  const resourcePath = new URL(`./messages/${locale}.json`, import.meta.url).pathname;
  return new Promise((resolve, reject) => {
    const context = {
      rootContext: new URL("../..", import.meta.url).pathname,
      resourcePath,
      getOptions: () => ({ messages: { format: "json", precompile: true } }),
      async: () => (error: Error | null, output?: string) => {
        if (error || output === undefined) return reject(error ?? new Error("no output"));
        // `export default JSON.parse("…");`
        const json = /^export default JSON\.parse\(([\s\S]*)\);$/.exec(output)?.[1];
        if (json === undefined) return reject(new Error(`unexpected loader output: ${output.slice(0, 80)}`));
        resolve(JSON.parse(JSON.parse(json) as string) as AbstractIntlMessages);
      },
    };
    (catalogLoader as unknown as (this: typeof context, source: string) => void).call(
      context,
      readFileSync(resourcePath, "utf8"),
    );
  });
}

/**
 * use-intl's translator with the precompiled formatter: a fresh copy of use-intl whose
 * `use-intl/format-message` is `format-only`, the same alias the next-intl plugin sets.
 */
async function precompiledTranslatorFactory(): Promise<typeof createRuntimeTranslator> {
  vi.resetModules();
  vi.doMock("use-intl/format-message", () => import("use-intl/format-message/format-only"));
  const precompiledCore = await import("use-intl/core");
  vi.doUnmock("use-intl/format-message");
  return precompiledCore.createTranslator;
}

/** Dotted key → message, for every leaf. */
function leaves<T>(tree: Record<string, unknown>, prefix = ""): [string, T][] {
  return Object.entries(tree).flatMap(([key, child]) => {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    return typeof child === "object" && child !== null && !Array.isArray(child)
      ? leaves<T>(child as Record<string, unknown>, path)
      : [[path, child as T]];
  });
}

type ArgKind = "string" | "number" | "date" | "tag" | { select: string[] } | { plural: string[] };

/**
 * The arguments a compiled message reads (icu-minify's public node shapes, see its types.d.ts):
 * plain ["name"], [name, 1 select | 2 plural | 3 selectordinal | 4 number | 5 date | 6 time, …],
 * a tag [name, …children]; 0 is `#`.
 */
function argumentsOf(message: CompiledMessage, found = new Map<string, ArgKind>()): Map<string, ArgKind> {
  if (typeof message === "string") return found;
  const visit = (node: unknown): void => {
    if (typeof node === "string" || typeof node === "number") return;
    if (!Array.isArray(node)) throw new Error(`unknown node ${JSON.stringify(node)}`);
    const [name, type, ...rest] = node as [string, unknown, ...unknown[]];
    if (type === undefined) return void (found.has(name) || found.set(name, "string"));
    if (type === 1 || type === 2 || type === 3) {
      const options = rest[0] as Record<string, unknown>;
      found.set(name, type === 1 ? { select: Object.keys(options) } : { plural: Object.keys(options) });
      Object.values(options).forEach((branch) => (Array.isArray(branch) ? branch.forEach(visit) : visit(branch)));
      return;
    }
    if (type === 4) return void found.set(name, "number");
    if (type === 5 || type === 6) return void found.set(name, "date");
    found.set(name, "tag");
    [type, ...rest].forEach(visit);
  };
  message.forEach(visit);
  return found;
}

type Values = Record<string, string | number | Date | ((chunks: string) => string)>;

/** One set of arguments with every argument at a default, then each varied through its branches. */
function sampleValues(args: Map<string, ArgKind>): Values[] {
  const base: Values = {};
  const variations: [string, (string | number)[]][] = [];
  for (const [name, kind] of args) {
    if (kind === "string") base[name] = `‹${name}›`;
    else if (kind === "date") base[name] = new Date("2026-03-13T22:45:00Z");
    else if (kind === "tag") base[name] = (chunks) => `<${name}>${chunks}</${name}>`;
    else if (kind === "number") {
      base[name] = 1234.5;
      variations.push([name, [0, 1, 2]]);
    } else if ("plural" in kind) {
      base[name] = 2;
      variations.push([
        name,
        [0, 1, 1234.5, ...kind.plural.filter((k) => k.startsWith("=")).map((k) => Number(k.slice(1)))],
      ]);
    } else {
      base[name] = kind.select.find((option) => option !== "other") ?? "other";
      variations.push([name, [...kind.select, "some-value-no-branch-names"]]);
    }
  }
  return [base, ...variations.flatMap(([name, values]) => values.map((value) => ({ ...base, [name]: value })))];
}

describe("precompiled messages", async () => {
  const createPrecompiledTranslator = await precompiledTranslatorFactory();
  const compiled = Object.fromEntries(
    await Promise.all(LOCALES.map(async (locale) => [locale, await precompiledCatalogue(locale)] as const)),
  ) as Record<AppLocale, AbstractIntlMessages>;

  it("compares two different formatters (the copy really has the precompiled one)", () => {
    const messages = { greeting: "Olá, {name}" };
    const values = { name: "Ana" };
    expect(createRuntimeTranslator({ locale: "pt-BR", messages })("greeting", values)).toBe("Olá, Ana");
    // The precompiled formatter takes a string as already-plain text: it never parses ICU.
    expect(createPrecompiledTranslator({ locale: "pt-BR", messages })("greeting", values)).toBe("Olá, {name}");
  });

  it("still shows a missing key as ⟦namespace.key⟧ and logs it", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const t = createPrecompiledTranslator({
      locale: "pt-BR",
      messages: compiled["pt-BR"],
      namespace: "board",
      onError: reportIntlError,
      getMessageFallback: missingMessage,
    }) as unknown as Translate;
    expect(t("noSuchKey")).toBe("⟦board.noSuchKey⟧");
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^\[i18n\] MISSING_MESSAGE: /));
    log.mockRestore();
  });

  for (const locale of LOCALES) {
    it(`format every ${locale} message exactly as the ICU runtime does`, () => {
      const errors: string[] = [];
      const common = {
        locale,
        timeZone: DEFAULT_TIME_ZONE,
        now: NOW,
        onError: (error: { code: string; message: string }) => errors.push(`${error.code}: ${error.message}`),
        getMessageFallback: ({ namespace, key }: { namespace?: string; key: string }) =>
          `⟦${namespace ? `${namespace}.` : ""}${key}⟧`,
      };
      // Untyped translators: the test walks keys and arguments it discovers at run time.
      const runtime = createRuntimeTranslator({ ...common, messages: RAW[locale] }) as unknown as Translate;
      const precompiled = createPrecompiledTranslator({
        ...common,
        messages: compiled[locale],
      }) as unknown as Translate;

      const differences: string[] = [];
      let formatted = 0;
      for (const [key, message] of leaves<CompiledMessage>(compiled[locale])) {
        const args = argumentsOf(message);
        const hasTags = [...args.values()].includes("tag");
        for (const values of sampleValues(args)) {
          const run = (t: Translate) => (hasTags ? t.markup(key, values) : t(key, values));
          const [expected, actual] = [run(runtime), run(precompiled)];
          formatted += 1;
          if (expected !== actual) {
            differences.push(`${key} ${JSON.stringify(values)}:\n  runtime:     ${expected}\n  precompiled: ${actual}`);
          }
        }
      }
      expect(differences).toEqual([]);
      expect(errors).toEqual([]);
      expect(formatted).toBeGreaterThan(leaves(RAW[locale]).length);
    });
  }

  it("reads no argument in en that the pt-BR message (which the types check calls against) lacks", () => {
    // en may leave one out (lanes.allDay.toggle needs no <more> in English); never add one.
    const ptArgs = new Map(leaves<CompiledMessage>(compiled["pt-BR"]).map(([key, m]) => [key, argumentsOf(m)]));
    const mismatches = leaves<CompiledMessage>(compiled.en).flatMap(([key, message]) =>
      [...argumentsOf(message)]
        .filter(([name, kind]) => {
          const ptKind = ptArgs.get(key)?.get(name);
          return ptKind === undefined || kindName(ptKind) !== kindName(kind);
        })
        .map(([name, kind]) => `${key}: en reads {${name}} as ${kindName(kind)}`),
    );
    expect(mismatches).toEqual([]);
  });

  it("has no select or plural option that formats to nothing (a message that does is an error once precompiled)", () => {
    const empty = LOCALES.flatMap((locale) =>
      leaves<CompiledMessage>(compiled[locale])
        .filter(([, message]) => hasEmptyOption(message))
        .map(([key]) => `${locale} ${key}`),
    );
    expect(empty).toEqual([]);
  });
});

type Translate = ((key: string, values?: Values) => string) & { markup: (key: string, values?: Values) => string };

/** A select's or plural's options matter for the types only as "select"/"plural", not which ones. */
function kindName(kind: ArgKind): string {
  return typeof kind === "string" ? kind : "select" in kind ? "select" : "plural";
}

/** Whether an option of a select or plural is empty, e.g. `=0 {}`: show nothing by not calling `t`. */
function hasEmptyOption(message: CompiledMessage): boolean {
  const visit = (node: unknown): boolean => {
    if (!Array.isArray(node)) return false;
    const [, type, ...rest] = node as [string, unknown, ...unknown[]];
    if (type === 1 || type === 2 || type === 3) {
      return Object.values(rest[0] as Record<string, unknown>).some(
        (branch) =>
          branch === "" ||
          (Array.isArray(branch) &&
            (branch.length === 0 || (typeof branch[0] === "string" ? branch : [branch]).some(visit))),
      );
    }
    return [type, ...rest].some(visit);
  };
  return typeof message !== "string" && message.some(visit);
}
