import { createHash } from "node:crypto";
import { seedCustomers, stores } from "../catalog";
import type { AddressDef } from "../catalog/types";
import { streets } from "../seed/people";
import { unprocessable } from "./errors";

// Geolocation without a network: a small gazetteer of São Paulo streets (the seed's streets,
// the stores, their specific locations and the seed customers' addresses). An address is
// found by CEP, else by street name; the house number nudges the pin along the street.

type Place = { street: string; zipcode: string; lat: number; lng: number };

const digits = (text: string) => text.replace(/\D/g, "");
const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

const places: Place[] = [
  ...streets.map((s) => ({ street: s.street, zipcode: digits(s.postalCode), lat: s.latitude, lng: s.longitude })),
  ...stores.map((s) => ({
    street: s.address.street,
    zipcode: s.address.zipcode,
    lat: s.address.lat,
    lng: s.address.lng,
  })),
  ...seedCustomers().flatMap((c) =>
    c.addresses.map((a) => ({
      street: a.address.street,
      zipcode: a.address.zipcode,
      lat: a.address.lat,
      lng: a.address.lng,
    })),
  ),
  // Specific locations have no coordinates of their own in the catalogue.
  { street: "Avenida Doutor Enéas Carvalho de Aguiar", zipcode: "05403000", lat: -23.5575, lng: -46.6692 },
  { street: "Avenida Rebouças", zipcode: "05402918", lat: -23.5727, lng: -46.6961 },
  { street: "Rua Domingos Agostim", zipcode: "03066000", lat: -23.5396, lng: -46.5762 },
];

/** What geolocation reads of an address. */
export type GeoInput = Pick<AddressDef, "street" | "number" | "zipcode" | "neighborhood" | "city" | "state">;

export function geolocate(input: GeoInput): { lat: number; lng: number } {
  const zip = digits(input.zipcode);
  const place = places.find((p) => p.zipcode === zip) ?? places.find((p) => plain(p.street) === plain(input.street));
  if (!place || plain(input.city) !== "sao paulo") {
    throw unprocessable(
      "address_not_found",
      `Could not locate ${input.street}, ${input.number} - ${input.city} (CEP ${input.zipcode})`,
    );
  }
  const hash = createHash("sha1").update(`${zip}:${input.number}`).digest();
  const nudge = (byte: number | undefined) => ((byte ?? 128) - 128) / 128 / 1000;
  return { lat: Number((place.lat + nudge(hash[0])).toFixed(6)), lng: Number((place.lng + nudge(hash[1])).toFixed(6)) };
}
