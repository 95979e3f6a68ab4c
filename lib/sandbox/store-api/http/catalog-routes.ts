import { Hono } from "hono";
import { z } from "zod";
import { brand, checkoutQuestions, pages, paymentForms, splittingConfig, stores } from "../../catalog";
import { allItems, categoryShape, itemShape, pizzaSizeShape, slug, storeShape } from "../catalog-shapes";
import { notFoundError } from "../errors";
import { money } from "../money";
import { queuePositionShape } from "../queue";
import { ok, parse, type StoreEnv } from "./envelope";

// Catalogue and store data: operations 5–9, 12–16 and 41–43 of the platform document.

const page = (defaultLimit: number) =>
  z.object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
  });
const pagination = (offset: number, limit: number, totalItems: number) => ({
  currentOffset: offset,
  limit,
  totalItems,
});
const intId = z.coerce.number().int().positive();

export function catalogRoutes() {
  const app = new Hono<StoreEnv>();

  app.get("/banners", (c) => {
    const { platform } = parse(
      z.object({ platform: z.enum(["ANDROID", "IOS", "WEB"]).optional() }),
      c.req.query(),
      "query.",
    );
    const banners = c.var.store.banners
      .filter((b) => !platform || b.platforms.includes(platform))
      .map((b, i) => ({ ...b, storeId: c.var.store.id, status: "ACTIVE", viewOrder: i + 1 }));
    return ok(c, { banners });
  });

  app.get("/stores", (c) => {
    const { offset, limit } = parse(page(30), c.req.query(), "query.");
    const now = c.var.domain.now();
    return ok(c, {
      stores: stores.slice(offset, offset + limit).map((s) => storeShape(c.var.domain.viewOf(s), now)),
      pagination: pagination(offset, limit, stores.length),
    });
  });

  app.get("/stores/current", (c) => ok(c, storeShape(c.var.store, c.var.domain.now())));

  app.get("/queue/:code", (c) => {
    const queue = c.var.domain.queueOf(c.var.store);
    const entry = queue.find((e) => e.code.toLowerCase() === c.req.param("code").toLowerCase());
    if (!entry) throw notFoundError(`Queue code ${c.req.param("code")}`);
    return ok(c, queuePositionShape(queue, entry));
  });

  app.get("/checkout-questions", (c) =>
    ok(c, {
      checkoutquestions: checkoutQuestions.map((q) => ({
        ...q,
        status: "ACTIVE",
        brandId: brand.id,
        storeId: c.var.store.id,
      })),
    }),
  );

  app.get("/catalog/categories", (c) => {
    const { offset, limit } = parse(page(30), c.req.query(), "query.");
    const { categories } = c.var.store;
    const shown = categories
      .slice(offset, offset + limit)
      .map((cat) => categoryShape(cat, categories.indexOf(cat) + 1));
    return ok(c, { categories: shown, pagination: pagination(offset, limit, categories.length) });
  });

  app.get("/catalog/categories/:categoryId/items", (c) => {
    const categoryId = parse(intId, c.req.param("categoryId"), "categoryId");
    const query = parse(page(30).extend({ include: z.enum(["properties"]).optional() }), c.req.query(), "query.");
    const category = c.var.store.categories.find((cat) => cat.id === categoryId);
    if (!category) throw notFoundError(`Category ${categoryId}`);
    const items = category.items
      .slice(query.offset, query.offset + query.limit)
      .map((item) =>
        itemShape(c.var.store, item, category.items.indexOf(item) + 1, { properties: query.include === "properties" }),
      );
    return ok(c, { items, pagination: pagination(query.offset, query.limit, category.items.length) });
  });

  app.get("/catalog/items/:itemId", (c) => {
    const itemId = parse(intId, c.req.param("itemId"), "itemId");
    const found = allItems(c.var.store).find((x) => x.item.id === itemId);
    if (!found) throw notFoundError(`Item ${itemId}`);
    return ok(
      c,
      itemShape(c.var.store, found.item, found.category.items.indexOf(found.item) + 1, { properties: true }),
    );
  });

  app.get("/catalog/search", (c) => {
    const q = parse(
      z.object({ query: z.string().trim().min(2), limit: z.coerce.number().int().min(1).max(50).default(10) }),
      c.req.query(),
      "query.",
    );
    const words = slug(q.query).split("-").filter(Boolean);
    const items = allItems(c.var.store)
      .filter(({ item }) => {
        const text = slug(`${item.name} ${item.description} ${item.customCode}`);
        return words.every((w) => text.includes(w));
      })
      .slice(0, q.limit)
      .map(({ item, category }) =>
        itemShape(c.var.store, item, category.items.indexOf(item) + 1, { categories: [category] }),
      );
    return ok(c, { items });
  });

  app.get("/catalog/pizza-sizes", (c) =>
    ok(c, { pizzaSizes: c.var.store.pizzaSizes.map((s) => pizzaSizeShape(c.var.store, s)) }),
  );

  app.get("/pages/:page", (c) => {
    const name = c.req.param("page");
    const found = pages[name];
    if (!found) throw notFoundError(`Page ${name}`);
    return ok(c, { url: `${brand.site}/${name}`, ...found });
  });

  app.get("/payment-forms", (c) =>
    ok(c, {
      paymentForms: paymentForms.map((f) => ({
        id: f.id,
        name: f.name,
        encodedName: f.encodedName,
        askForChange: f.askForChange,
        isCardBrand: f.isCardBrand,
        onlineAvailable: f.online,
        onlineAcceptance: f.online,
        deliveryAcceptance: !f.online,
        discountPercentage: 0,
      })),
      splittingConfig: {
        acceptSplitPayment: splittingConfig.acceptSplitPayment,
        maxNumberOfInstallments: splittingConfig.maxNumberOfInstallments,
        minValueOfEachInstallment: money(splittingConfig.minValueOfEachInstallmentCents),
      },
    }),
  );

  app.get("/table-sections", (c) => {
    const { store } = c.var;
    const tablesections = store.tableSections.map((s) => ({
      idempotencyKey: `${store.id}-${s.prefixCode}`,
      name: s.name,
      prefixCode: s.prefixCode,
      status: "ACTIVE",
      viewOrder: s.viewOrder,
      tables: Array.from({ length: s.tables }, (_, i) => {
        const number = String(i + 1).padStart(2, "0");
        return {
          idempotencyKey: `${store.id}-${s.prefixCode}${number}`,
          title: `Mesa ${number}`,
          number,
          code: `${s.prefixCode}${number}`,
        };
      }),
    }));
    return ok(c, { tablesections });
  });

  return app;
}
