import { handler } from "@/lib/api/handler";
import { ownManifest } from "@/lib/integrations/own-manifest";

export const dynamic = "force-dynamic";

/**
 * Comanda's Open Delivery discovery manifest, public by the standard (no session: it holds no
 * secret). Served at /.well-known/opendelivery through a rewrite (next.config.mjs): the App
 * Router does not route a folder whose name starts with a dot.
 */
export const GET = handler(async (request) =>
  Response.json(ownManifest(request.headers), {
    headers: { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" },
  }),
);
