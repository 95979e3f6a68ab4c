// import/no-cycle, with type imports counted.
//
// eslint-plugin-import skips `import type` (and imports whose every name is a type) at both ends of
// a cycle, and has no option to keep them. A cycle closed by a type is still two modules that each
// need the other: the type belongs to one of them, or to a third. So the rule is shown every import
// as a value import, in the linted file (a copy of each import declaration, the AST being shared
// with other rules) and in the modules it walks (parsed by a parser that does the same).
// Not to be enabled alongside import/no-cycle: the two share the plugin's record of walked modules.

function countAsValue(declaration) {
  declaration.importKind = "value";
  for (const specifier of declaration.specifiers) specifier.importKind = "value";
  return declaration;
}

function copyAsValue(declaration) {
  return countAsValue({ ...declaration, specifiers: declaration.specifiers.map((specifier) => ({ ...specifier })) });
}

function valueImportParser(parser) {
  return {
    parseForESLint(code, options) {
      const result = parser.parseForESLint(code, options);
      for (const statement of result.ast.body) {
        if (statement.type === "ImportDeclaration") countAsValue(statement);
      }
      return result;
    },
  };
}

/** @param {import("eslint").Rule.RuleModule} noCycle import/no-cycle, as eslint-config-next loads it. */
export function noCycleWithTypes(noCycle) {
  return {
    meta: noCycle.meta,
    create(context) {
      const { "import/parsers": parsers = {}, ...settings } = context.settings;
      // The walked modules are parsed by the linted file's parser, wrapped: "import/parsers" would
      // name another, so its extensions move to "import/extensions" (the files the rule may walk).
      const extensions = [
        ...(settings["import/extensions"] ?? [".js", ".mjs", ".cjs"]),
        ...Object.values(parsers).flat(),
      ];
      const walking = Object.freeze(
        Object.create(context, {
          settings: { value: { ...settings, "import/extensions": extensions } },
          languageOptions: {
            value: { ...context.languageOptions, parser: valueImportParser(context.languageOptions.parser) },
          },
        }),
      );
      const visitor = noCycle.create(walking);
      const checkImport = visitor.ImportDeclaration;
      if (!checkImport) return visitor;
      return { ...visitor, ImportDeclaration: (node) => checkImport(copyAsValue(node)) };
    },
  };
}
