import { Hono } from "hono";
import { z } from "zod";
import { cardShape, saveCard } from "../cards";
import { StoreApiError } from "../errors";
import { notificationsOf } from "../notifications";
import type { Profile } from "../state";
import { body, customerOf, ok, parse, type StoreEnv } from "./envelope";

// The customer's account: operations 10, 11 and 17–22.

const phone = z.string().regex(/^\d{10,13}$/, { error: "must be 10 to 13 digits" });
const name = z.string().trim().min(1).max(60);

const updateSchema = z.object({
  firstName: name.nullish(),
  lastName: name.nullish(),
  email: z.union([z.email(), z.literal("")]).nullish(),
  telephone: phone.nullish(),
  birthDate: z.iso.date().nullish(),
});

const createSchema = z.object({
  firstName: name,
  lastName: name,
  email: z.email(),
  telephone: phone,
  password: z.string().min(8, { error: "at least 8 characters" }),
  receivePromotionalEmail: z.boolean(),
  birthDate: z.iso.date().nullish(),
  document: z
    .string()
    .regex(/^\d{11}$|^\d{14}$/, { error: "must be a CPF (11 digits) or CNPJ (14 digits)" })
    .nullish(),
});

const cardSchema = z.object({
  number: z
    .union([z.number().int().positive(), z.string().regex(/^\d+$/)])
    .transform(String)
    .pipe(z.string().min(13).max(19)),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int().min(0).max(2100),
  holderName: z.string().trim().min(2),
  document: z.string().regex(/^\d{11}$|^\d{14}$/, { error: "must be a CPF or CNPJ (digits)" }),
  verificationCode: z
    .union([z.number().int().min(0), z.string().regex(/^\d{3,4}$/)])
    .transform(String)
    .nullish(),
  billingAddressId: z.number().int().positive().nullish(),
});

export const customerShape = (p: Profile) => ({
  id: p.id,
  idempotencyKey: null,
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  telephone: p.telephone,
  birthDate: p.birthDate || null,
  document: p.document || null,
  socialId: "",
  socialInfo: "",
});

export function customerRoutes() {
  const app = new Hono<StoreEnv>();

  app.get("/customers/me", (c) => ok(c, customerShape(customerOf(c).profile)));

  app.patch("/customers/me", async (c) => {
    const { profile } = customerOf(c);
    const input = parse(updateSchema, (await body(c)) ?? {});
    for (const key of ["firstName", "lastName", "email", "telephone", "birthDate"] as const) {
      const value = input[key];
      if (value !== undefined && value !== null) profile[key] = value;
    }
    return ok(c, customerShape(profile));
  });

  app.post("/customers", async (c) => {
    const input = parse(createSchema, await body(c));
    const { merchantId } = c.var.caller;
    const login = c.var.domain.platform.addCustomer(merchantId, { username: input.email, password: input.password });
    const profile = c.var.domain.profile(merchantId, login.customerId);
    Object.assign(profile, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      telephone: input.telephone,
      birthDate: input.birthDate ?? "",
      document: input.document ?? "",
      receivePromotionalEmail: input.receivePromotionalEmail,
      emailActive: input.receivePromotionalEmail,
    });
    return ok(c, customerShape(profile), 201);
  });

  // notificationActive only takes effect for a customer who came in through the brand's app
  // (the call carries X-App-Version), as the platform document says.
  app.put("/customers/me/communication-preferences", async (c) => {
    const { profile } = customerOf(c);
    const input = parse(z.object({ emailActive: z.boolean(), notificationActive: z.boolean() }), await body(c));
    profile.emailActive = input.emailActive;
    profile.notificationActive = input.notificationActive && Boolean(c.req.header("x-app-version"));
    return ok(c, { hasApp: true, emailActive: profile.emailActive, notificationActive: profile.notificationActive });
  });

  app.put("/customers/me/password", async (c) => {
    const { customerId } = customerOf(c);
    const input = parse(
      z.object({
        currentPassword: z.string().min(1),
        newPassword: z.string().min(8, { error: "at least 8 characters" }),
      }),
      await body(c),
    );
    const { platform } = c.var.domain;
    const login = platform.state.merchant(c.var.caller.merchantId)?.customers.find((l) => l.customerId === customerId);
    if (!login || login.password !== input.currentPassword)
      throw new StoreApiError(422, "wrong_password", "currentPassword: does not match");
    login.password = input.newPassword;
    platform.touch();
    return ok(c);
  });

  app.get("/customers/me/notifications", (c) => {
    const { customerId } = customerOf(c);
    const query = parse(
      z.object({
        before: z.iso.datetime({ offset: true }).optional(),
        limit: z.coerce.number().int().min(1).max(50).default(10),
      }),
      c.req.query(),
      "query.",
    );
    const before = query.before ? Date.parse(query.before) : Infinity;
    return ok(c, {
      notifications: notificationsOf(c.var.domain, c.var.caller.merchantId, customerId, before, query.limit),
    });
  });

  app.get("/customers/me/creditcards", (c) => {
    const { customerId } = customerOf(c);
    const { domain } = c.var;
    const cards = [...domain.cards.values()].filter(
      (card) => card.merchantId === c.var.caller.merchantId && card.customerId === customerId,
    );
    return ok(c, { creditcards: cards.map((card) => cardShape(domain, card)) });
  });

  app.post("/customers/me/creditcards", async (c) => {
    const { customerId } = customerOf(c);
    const input = parse(cardSchema, await body(c));
    const card = saveCard(c.var.domain, c.var.caller.merchantId, customerId, input);
    return ok(c, cardShape(c.var.domain, card), 201);
  });

  return app;
}
