import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { harmonia, m } from "../../../e2e/support/sandbox/store-orders";
import { startStoreKit, type StoreKit } from "../../../e2e/support/sandbox/store-kit";

// The customer's addresses: list, get, create (geolocated when lat/lng are absent), label,
// viable addresses and the delivery fee for an address.

let kit: StoreKit;
let ana: string;
type Saved = { address: { id: number; street: string; neighborhood: string }; description: string | null };
let addresses: Saved[];
const idOf = (street: string) => addresses.find((a) => a.address.street === street)!.address.id;

beforeAll(async () => {
  kit = await startStoreKit();
  ana = await kit.customerToken();
  addresses = (
    await kit.data<{ customerAddresses: Saved[] }>(await kit.store("GET", "/customers/me/addresses", { token: ana }))
  ).customerAddresses;
});
afterAll(async () => {
  await kit.close();
});

describe("customer addresses", () => {
  it("lists the customer's saved addresses with their labels", () => {
    expect(addresses.map((a) => [a.address.street, a.description])).toEqual([
      ["Rua Harmonia", "Casa"],
      ["Avenida Paulista", "Trabalho"],
      ["Rua Tuiuti", "Casa da mãe"],
    ]);
  });

  it("gets one address; another customer's or an unknown one is a 404", async () => {
    expect(
      await kit.data(await kit.store("GET", `/customers/me/addresses/${idOf("Rua Harmonia")}`, { token: ana })),
    ).toMatchObject({ number: "123", zipcode: "05435000", lat: -23.5541 });
    const joao = await kit.customerToken(kit.pizzaria, 1);
    await kit.error(
      await kit.store("GET", `/customers/me/addresses/${idOf("Rua Harmonia")}`, { token: joao }),
      404,
      "not_found",
    );
    await kit.error(await kit.store("GET", "/customers/me/addresses/9999", { token: ana }), 404, "not_found");
  });

  it("creates an address, geolocating it from the CEP when no coordinates are given", async () => {
    const { lat: _lat, lng: _lng, ...noCoordinates } = harmonia;
    void [_lat, _lng];
    const created = await kit.data<{ id: number; lat: number; lng: number }>(
      await kit.store("POST", "/customers/me/addresses", { token: ana, body: { ...noCoordinates, number: "77" } }),
      201,
    );
    expect(Math.abs(created.lat - -23.5541)).toBeLessThan(0.002);
    expect(Math.abs(created.lng - -46.6877)).toBeLessThan(0.002);
    const unknown = { ...noCoordinates, street: "Rua Inexistente", zipcode: "99999-999" };
    await kit.error(
      await kit.store("POST", "/customers/me/addresses", { token: ana, body: unknown }),
      422,
      "address_not_found",
    );
    expect(
      (
        await kit.error(
          await kit.store("POST", "/customers/me/addresses", { token: ana, body: { ...harmonia, zipcode: "123" } }),
          400,
        )
      ).message,
    ).toMatch(/^zipcode/);
  });

  it("sets or clears an address's description", async () => {
    const id = idOf("Avenida Paulista");
    const labelled = await kit.data(
      await kit.store("PUT", `/customers/me/addresses/${id}/description`, {
        token: ana,
        body: { description: "Escritório" },
      }),
    );
    expect(labelled).toMatchObject({ description: "Escritório", address: { id } });
    const cleared = await kit.data<Saved>(
      await kit.store("PUT", `/customers/me/addresses/${id}/description`, { token: ana, body: { description: null } }),
    );
    expect(cleared.description).toBeNull();
    await kit.error(
      await kit.store("PUT", `/customers/me/addresses/${id}/description`, { token: ana, body: {} }),
      400,
      "invalid_request",
    );
  });

  it("keeps only the addresses the store delivers to at the given time", async () => {
    const viable = await kit.data<{ viableAddresses: Saved[] }>(
      await kit.store("GET", "/customers/me/addresses/viable", { token: ana }),
    );
    expect(viable.viableAddresses.map((a) => a.address.street)).toEqual(
      expect.arrayContaining(["Rua Harmonia", "Avenida Paulista"]),
    );
    expect(viable.viableAddresses.map((a) => a.address.street)).not.toContain("Rua Tuiuti");
    // The wider area does not deliver late at night (23:30–03:00).
    const late = await kit.data<{ viableAddresses: Saved[] }>(
      await kit.store("GET", "/customers/me/addresses/viable?scheduling=2026-11-21T23:45:00-03:00", { token: ana }),
    );
    expect(late.viableAddresses.map((a) => a.address.street)).not.toContain("Avenida Paulista");
  });

  it("quotes the delivery fee for an address: free above the minimum, dynamic at peak time, 422 outside", async () => {
    const fee = async (street: string, subtotal: number, scheduling: string | null = null) =>
      kit.data<{ expectedDeliveryFee: unknown }>(
        await kit.store("POST", `/customers/me/addresses/${idOf(street)}/delivery-fee`, {
          token: ana,
          body: { subtotal: m(subtotal), scheduling },
        }),
      );
    expect(await fee("Rua Harmonia", 50)).toEqual({ expectedDeliveryFee: m(5.99) });
    expect(await fee("Rua Harmonia", 95)).toEqual({ expectedDeliveryFee: m(0) });
    expect(await fee("Avenida Paulista", 50)).toEqual({ expectedDeliveryFee: m(11.99) });
    expect(await fee("Avenida Paulista", 50, "2026-11-21T22:00:00-03:00")).toEqual({ expectedDeliveryFee: m(8.99) });
    await kit.error(
      await kit.store("POST", `/customers/me/addresses/${idOf("Rua Tuiuti")}/delivery-fee`, {
        token: ana,
        body: { subtotal: m(50) },
      }),
      422,
      "outside_delivery_area",
    );
    expect(
      (
        await kit.error(
          await kit.store("POST", `/customers/me/addresses/${idOf("Rua Harmonia")}/delivery-fee`, {
            token: ana,
            body: {},
          }),
          400,
        )
      ).message,
    ).toMatch(/^subtotal/);
  });
});
