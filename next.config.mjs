import { fileURLToPath } from "node:url";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: {
    // Writes lib/i18n/messages/pt-BR.d.json.ts (the catalogue with literal message types) on
    // `next dev`/`build`/`typegen`, so `t()` checks each message's ICU arguments, not just its key.
    createMessagesDeclaration: "./lib/i18n/messages/pt-BR.json",
    // The catalogues are compiled from ICU text to next-intl's compact form at build time: the
    // browser gets no ICU parser and formats without parsing (lib/i18n/precompiled.test.ts checks
    // every message formats the same both ways). No `extract`/`srcPath`: messages stay hand-written.
    messages: { path: "./lib/i18n/messages", format: "json", locales: ["pt-BR", "en"], precompile: true },
  },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite"],
  turbopack: { root: fileURLToPath(new URL(".", import.meta.url)) },
  poweredByHeader: false,
  // forbidden() for pages a signed-in role may not open (403), see lib/auth/page.ts.
  experimental: { authInterrupts: true },
  // The Open Delivery discovery manifest's well-known address (app/api/open-delivery/discovery):
  // the App Router does not route a folder named ".well-known".
  async rewrites() {
    return [{ source: "/.well-known/opendelivery", destination: "/api/open-delivery/discovery" }];
  },
};

export default withNextIntl(nextConfig);
