import { Hono } from "hono";
import { z } from "zod";
import { notFound } from "../errors";
import { faultsSchema, noFaults } from "../faults";
import { FuzzPlatform, fuzzSettingsSchema } from "../fuzz";
import { createIntegrator, generateMerchants, seedOfMerchant } from "../seed/merchants";
import { revokeAllTokens } from "../tokens";
import type { Integrator } from "../types";
import { originOf, type HttpDeps, type SandboxEnv } from "./context";
import { parseWith, readJson } from "./problem";

// Control calls that set the sandbox up: merchants and their credentials, webhook push, faults
// and the clock.

const webhookSchema = z.object({ url: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }) });
const newIntegratorsSchema = z
  .object({
    merchants: z.int().min(1).max(5_000),
    connections: z.int().min(1).max(500),
    name: z.string().min(1).max(60).default("Integrator"),
  })
  .refine((body) => body.connections <= body.merchants, {
    error: "at most one connection per merchant",
    path: ["connections"],
  });
const clockSchema = z.object({
  advanceSeconds: z
    .number()
    .min(0)
    .max(10 * 365 * 24 * 3600),
});

export function controlSetupRoutes(deps: HttpDeps) {
  const { platform } = deps;
  const app = new Hono<SandboxEnv>();

  app.get("/merchants", (c) =>
    c.json(
      platform.state.merchants.map((m) => ({
        merchantId: m.merchantId,
        // The same restaurant on every platform of the host (its catalogue key): how a client
        // of several platforms tells one restaurant's channels from another's.
        restaurant: seedOfMerchant(m, platform.state.platformKey)?.key ?? m.merchantId,
        name: m.name,
        serviceId: m.serviceId,
        interchange: { clientId: m.interchange.clientId, clientSecret: m.interchange.clientSecret },
        admin: {
          clientId: m.admin.clientId,
          clientSecret: m.admin.clientSecret,
          username: m.admin.username,
          password: m.admin.password,
        },
        store: { clientId: m.store.clientId, clientSecret: m.store.clientSecret },
        customers: m.customers.map((customer) => ({ username: customer.username, password: customer.password })),
        connection: connectionOf(m.merchantId),
      })),
    ),
  );

  // The integrator credentials (a Software Service's) that cover a merchant: how Comanda connects to it.
  const connectionOf = (merchantId: string) => {
    const integrator = platform.state.integratorOf(merchantId);
    return integrator
      ? { name: integrator.name, clientId: integrator.clientId, clientSecret: integrator.clientSecret }
      : null;
  };
  const integratorView = (i: Integrator) => ({
    name: i.name,
    clientId: i.clientId,
    clientSecret: i.clientSecret,
    merchantIds: i.merchantIds,
  });

  app.get("/integrators", (c) => c.json(platform.state.integrators.map(integratorView)));
  // N new merchants spread evenly (round robin) over M new integrators: load and chaos tests.
  app.post("/integrators", async (c) => {
    const { merchants, connections, name } = parseWith(newIntegratorsSchema, await readJson(c));
    const created = generateMerchants(merchants, platform.state.merchants.length, platform.state.platformKey);
    const taken = platform.state.integrators.length;
    const integrators = Array.from({ length: connections }, (_, i) => createIntegrator(`${name} ${taken + i + 1}`, []));
    created.forEach((merchant, i) => integrators[i % connections]!.merchantIds.push(merchant.merchantId));
    platform.state.merchants.push(...created);
    platform.state.integrators.push(...integrators);
    platform.touch();
    return c.json(integrators.map(integratorView), 201);
  });

  const merchantOf = (merchantId: string) => {
    const merchant = platform.state.merchant(merchantId);
    if (!merchant) throw notFound("Merchant not found");
    return merchant;
  };
  const webhookView = (merchantId: string) => ({
    merchantId,
    url: merchantOf(merchantId).webhook?.url ?? null,
    deliveries: deps.webhooks.deliveries.filter((d) => d.merchantId === merchantId),
    pending: deps.webhooks.pending(merchantId),
  });

  // orderURL in pushed events uses the origin this call came through (the sandbox's address as
  // the receiver sees it).
  app.put("/merchants/:merchantId/webhook", async (c) => {
    const merchant = merchantOf(c.req.param("merchantId"));
    const { url } = parseWith(webhookSchema, await readJson(c));
    merchant.webhook = { url, orderBaseUrl: `${originOf(c)}${deps.basePath}` };
    platform.touch();
    return c.json(webhookView(merchant.merchantId));
  });
  app.get("/merchants/:merchantId/webhook", (c) => c.json(webhookView(c.req.param("merchantId"))));
  app.delete("/merchants/:merchantId/webhook", (c) => {
    const merchant = merchantOf(c.req.param("merchantId"));
    delete merchant.webhook;
    platform.touch();
    return c.body(null, 204);
  });

  app.get("/faults", (c) => c.json(deps.faults.current));
  app.put("/faults", async (c) => {
    const faults = parseWith(faultsSchema, (await readJson(c)) ?? {});
    deps.faults.current = faults;
    if (faults.revokeTokens) {
      revokeAllTokens(platform.state);
      platform.touch();
    }
    return c.json(faults);
  });
  app.delete("/faults", (c) => {
    deps.faults.current = noFaults();
    return c.body(null, 204);
  });

  // Fuzz mode: every interchange call answered with random, schema-valid, hostile data (../fuzz.ts).
  const fuzzView = () => ({ enabled: deps.fuzz.current !== null, settings: deps.fuzz.current?.settings ?? null });
  app.get("/fuzz", (c) => c.json(fuzzView()));
  app.put("/fuzz", async (c) => {
    const settings = parseWith(fuzzSettingsSchema, await readJson(c));
    deps.fuzz.current = new FuzzPlatform(settings, () => platform.now());
    return c.json(fuzzView());
  });
  app.delete("/fuzz", (c) => {
    deps.fuzz.current = null;
    return c.body(null, 204);
  });

  const clockView = () => ({ now: platform.now().toISOString(), offsetSeconds: platform.clock.offsetMs / 1000 });
  app.get("/clock", (c) => c.json(clockView()));
  app.post("/clock", async (c) => {
    const { advanceSeconds } = parseWith(clockSchema, await readJson(c));
    platform.advanceClock(advanceSeconds);
    return c.json(clockView());
  });

  return app;
}
