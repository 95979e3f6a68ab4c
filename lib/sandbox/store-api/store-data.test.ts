import { describe, expect, it } from "vitest";
import { sharedStoreKit } from "../../../e2e/support/sandbox/store-kit";

// Store data: stores, the store, banners, queue position, checkout questions, pages, payment
// forms and table sections.

const kit = sharedStoreKit();

const get = async <T = Record<string, unknown>>(path: string) =>
  kit.data<T>(await kit.store("GET", path, { token: kit.app }));
const failing = async (path: string, status: number, code?: string) =>
  (await kit.error(await kit.store("GET", path, { token: kit.app }), status, code)).message;

describe("stores", () => {
  it("lists the brand's stores with pagination", async () => {
    const data = await get<{ stores: { id: number; serviceId: string }[]; pagination: unknown }>("/stores");
    expect(data.stores.map((s) => s.serviceId)).toEqual(["bella-napoli-vila-madalena", "vila-smash-pinheiros"]);
    expect(data.pagination).toEqual({ currentOffset: 0, limit: 30, totalItems: 2 });
    expect((await get<{ stores: unknown[] }>("/stores?offset=1")).stores).toHaveLength(1);
    expect(await failing("/stores?limit=abc", 400, "invalid_request")).toMatch(/^query\.limit/);
  });

  it("describes the current store: open now, minimum orders, business hours, payment methods", async () => {
    const store = await get<
      Record<string, unknown> & { businessHours: { weekday: number; shiftStart: string; shiftEnd: string }[] }
    >("/stores/current");
    expect(store).toMatchObject({
      id: 101,
      status: "OPEN",
      serviceId: "bella-napoli-vila-madalena",
      minimumOrder: { value: 40, currency: "BRL" },
      takeoutMinimumOrder: { value: 20, currency: "BRL" },
    });
    expect(store.businessHours).toContainEqual(
      expect.objectContaining({ weekday: 5, shiftStart: "18:00:00-03:00", shiftEnd: "00:30:00-03:00" }),
    );
    expect(store.paymentMethodsByOrderType).toEqual({
      delivery: { offline: true, onlineCreditCard: true, onlinePix: true },
      takeout: { offline: true, onlineCreditCard: true, onlinePix: true },
    });
  });
});

describe("banners", () => {
  it("lists banners, filtered by platform", async () => {
    const all = await get<{ banners: { id: number; platforms: string[] }[] }>("/banners");
    expect(all.banners).toHaveLength(3);
    const web = await get<{ banners: { id: number; platforms: string[] }[] }>("/banners?platform=WEB");
    expect(web.banners.map((b) => b.id)).toEqual([1701, 1702]);
    expect(await failing("/banners?platform=TV", 400, "invalid_request")).toMatch(/^query\.platform/);
  });
});

describe("queue position", () => {
  it("gives the position of a waiting party and 0 for a seated one", async () => {
    expect(await get("/queue/S0103")).toMatchObject({
      code: "S0103",
      name: "Juliana Ribeiro",
      size: 6,
      position: 2,
      doneAt: null,
    });
    expect((await get<{ position: number; doneAt: string }>("/queue/S0101")).position).toBe(0);
    await failing("/queue/ZZZ", 404, "not_found");
  });
});

describe("checkout questions, pages, payment forms, table sections", () => {
  it("lists the checkout questions of the store", async () => {
    const data = await get<{ checkoutquestions: { question: string; storeId: number; brandId: number }[] }>(
      "/checkout-questions",
    );
    expect(data.checkoutquestions).toHaveLength(3);
    expect(data.checkoutquestions[0]).toMatchObject({
      storeId: 101,
      brandId: 1,
      answerType: "BOOLEAN",
      required: false,
    });
  });

  it("serves pages by name and 404 for others", async () => {
    expect(await get("/pages/termos-de-uso")).toMatchObject({
      title: "Termos de uso",
      url: "https://sabores-da-vila.example.com.br/termos-de-uso",
    });
    await failing("/pages/nada", 404, "not_found");
  });

  it("lists payment forms: cash with change, card on delivery, Pix, card in the app", async () => {
    const data = await get<{
      paymentForms: { name: string; askForChange: boolean; onlineAvailable: boolean; deliveryAcceptance: boolean }[];
      splittingConfig: unknown;
    }>("/payment-forms");
    expect(data.paymentForms.map((f) => [f.name, f.askForChange, f.onlineAvailable])).toEqual([
      ["Dinheiro", true, false],
      ["Cartão na entrega (maquininha)", false, false],
      ["Pix", false, true],
      ["Cartão de crédito no app", false, true],
    ]);
    expect(data.splittingConfig).toEqual({
      acceptSplitPayment: false,
      maxNumberOfInstallments: 1,
      minValueOfEachInstallment: { value: 0, currency: "BRL" },
    });
  });

  it("lists table sections with their tables", async () => {
    const data = await get<{
      tablesections: { name: string; prefixCode: string; tables: { code: string; title: string }[] }[];
    }>("/table-sections");
    expect(data.tablesections.map((s) => [s.name, s.tables.length])).toEqual([
      ["Salão", 12],
      ["Varanda", 6],
    ]);
    expect(data.tablesections[0]?.tables[4]).toMatchObject({ code: "S05", title: "Mesa 05", number: "05" });
  });
});
