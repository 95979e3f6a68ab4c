import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineRouter, type Station, type StationRoute } from "./station-routing";
import { testMenu } from "./station-test-menu";

const FORNO = 1;
const CHAPA = 2;
const BEBIDAS = 3;
const stations: Station[] = [
  { id: FORNO, name: "Forno", isDefault: false },
  { id: CHAPA, name: "Chapa", isDefault: true },
  { id: BEBIDAS, name: "Bebidas", isDefault: false },
];
const routes: StationRoute[] = [
  { kind: "category", refId: 1, stationId: FORNO },
  { kind: "category", refId: 3, stationId: BEBIDAS },
  { kind: "option", refId: 901, stationId: BEBIDAS },
  // Pudim is on the dessert menu but made at the oven.
  { kind: "item", refId: 41, stationId: FORNO },
];
const route = lineRouter(stations, routes, testMenu())!;
const line = (name: string, code?: string, options: { name: string; code?: string }[] = []) => ({
  name,
  ...(code && { code }),
  options: options.map((option) => ({ ...option, quantity: 1 })),
});

describe("line routing", () => {
  it("sends a line to its item's route, else its category's, else the default station", () => {
    expect(route(line("Pizza Grande", "pizzaSize:7"))).toEqual([FORNO]);
    expect(route(line("Coca-Cola lata", "item:31"))).toEqual([BEBIDAS]);
    expect(route(line("Pudim", "item:41"))).toEqual([FORNO]);
    // Lanches has no route: the default station (Chapa) takes it.
    expect(route(line("X-Burger", "item:21"))).toEqual([CHAPA]);
  });

  it("adds an option's station: a combo's drink shows at Bebidas too, the item's station first", () => {
    expect(route(line("Combo X-Burger", "item:22", [{ name: "Coca-Cola lata", code: "option:901" }]))).toEqual([
      CHAPA,
      BEBIDAS,
    ]);
    expect(route(line("Combo X-Burger", "item:22", [{ name: "Sem gelo", code: "option:902" }]))).toEqual([CHAPA]);
  });

  it("sends what it cannot place to the default: an unknown code, a platform's own SKU, an unknown name", () => {
    expect(route(line("Pizza", "item:9999"))).toEqual([CHAPA]);
    expect(route(line("Pizza", "SKU-123"))).toEqual([CHAPA]);
    expect(route(line("Prato do dia"))).toEqual([CHAPA]);
    // A summary stored before lines kept their codes, or a platform's own SKUs, are matched by name.
    expect(route(line("suco de laranja"))).toEqual([BEBIDAS]);
    expect(route(line("Pizza Grande", "PZ-GRANDE"))).toEqual([FORNO]);
    expect(route(line("Pizza Grande (8 fatias)", "PZ-GRANDE"))).toEqual([FORNO]);
    expect(route(line("Combo X-Burger", "COMBO-1", [{ name: "Coca-Cola lata", code: "BEB-COCA" }]))).toEqual([
      CHAPA,
      BEBIDAS,
    ]);
  });

  it("falls back to the default station when a route names a deleted station", () => {
    const afterDelete = lineRouter(
      stations.filter((station) => station.id !== BEBIDAS),
      routes,
      testMenu(),
    )!;
    expect(afterDelete(line("Coca-Cola lata", "item:31"))).toEqual([CHAPA]);
    expect(afterDelete(line("Combo", "item:22", [{ name: "Coca", code: "option:901" }]))).toEqual([CHAPA]);
  });

  it("takes the first station as default when none is marked, and routes nothing without stations", () => {
    const noDefault = lineRouter(
      stations.map((station) => ({ ...station, isDefault: false })),
      [],
      null,
    )!;
    expect(noDefault(line("X-Burger", "item:21"))).toEqual([FORNO]);
    expect(lineRouter([], routes, testMenu())).toBeNull();
  });

  it("never drops a line from every station, whatever its codes and the routes", () => {
    const code = fc.oneof(
      fc.string(),
      fc
        .constantFrom("item", "pizzaSize", "option", "flavor")
        .chain((kind) => fc.integer({ min: 0, max: 1000 }).map((id) => `${kind}:${id}`)),
    );
    const anyRoute = fc.record({
      kind: fc.constantFrom("category" as const, "item" as const, "size" as const, "option" as const),
      refId: fc.integer({ min: 0, max: 1000 }),
      stationId: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(
      fc.property(
        fc.array(anyRoute),
        fc.record({
          name: fc.string(),
          code: code,
          options: fc.array(fc.record({ name: fc.string(), quantity: fc.nat(), code })),
        }),
        (someRoutes, someLine) => {
          const routed = lineRouter(stations, someRoutes, testMenu())!(someLine);
          expect(routed.length).toBeGreaterThan(0);
          expect(new Set(routed).size).toBe(routed.length);
          for (const id of routed) expect(stations.map((station) => station.id)).toContain(id);
        },
      ),
    );
  });
});
