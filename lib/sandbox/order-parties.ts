import { createHash } from "node:crypto";
import { createRng, randomCpf, stableUuid, type Rng } from "./random";
import { complements, extraInfos, firstNames, lastNames, references, streets } from "./seed/people";
import type { BillingAddress, Customer, DeliveryAddress } from "./types";

// The people side of a generated order: who ordered, and where it goes.

const asciiLower = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, ".");

export function randomCustomer(rng: Rng, merchantKey: string): Customer {
  const name = `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
  const customer: Customer = {
    // Same name, same customer id: returning customers look like returning customers.
    id: stableUuid(`${merchantKey}:customer:${name}`),
    name,
    phone: { number: `119${String(rng.int(60000000, 99999999))}` },
    ordersCountOnMerchant: rng.chance(0.3) ? 0 : rng.int(1, 40),
  };
  if (rng.chance(0.5)) customer.documentNumber = randomCpf(rng);
  if (rng.chance(0.5)) customer.email = `${asciiLower(name)}${rng.int(1, 99)}@example.com.br`;
  return customer;
}

export function randomAddress(rng: Rng): DeliveryAddress {
  const seed = rng.pick(streets);
  const number = String(rng.int(10, 2500));
  const complement = rng.chance(0.6) ? rng.pick(complements) : undefined;
  const formatted = [`${seed.street}, ${number}`, complement, `${seed.district}, São Paulo - SP, ${seed.postalCode}`]
    .filter(Boolean)
    .join(" - ");
  const address: DeliveryAddress = {
    country: "BR",
    state: "SP",
    city: "São Paulo",
    district: seed.district,
    street: seed.street,
    number,
    formattedAddress: formatted,
    postalCode: seed.postalCode.replace("-", ""),
    // Jitter within a block or two so pins on a map don't sit on top of each other.
    coordinates: {
      latitude: Number((seed.latitude + (rng.next() - 0.5) * 0.004).toFixed(6)),
      longitude: Number((seed.longitude + (rng.next() - 0.5) * 0.004).toFixed(6)),
    },
  };
  if (complement) address.complement = complement;
  if (rng.chance(0.7)) address.reference = rng.pick(references);
  return address;
}

export const randomExtraInfo = (rng: Rng) => (rng.chance(0.15) ? rng.pick(extraInfos) : undefined);

/**
 * The address a takeout customer who asked for their CPF on the invoice (CPF na nota) gives for
 * the NFC-e. Drawn from its own generator, seeded by the customer and the order's number, so that
 * adding it left every other draw of a seed's orders as it was.
 */
export function billingAddressOf(customer: Customer, displayId: string): BillingAddress | undefined {
  if (!customer.documentNumber) return undefined;
  const seed = createHash("sha1").update(`${customer.id}:${displayId}:billing`).digest().readUInt32BE(0);
  const home = randomAddress(createRng(seed));
  const address: BillingAddress = {
    street: home.street,
    number: home.number,
    neighborhood: home.district,
    city: home.city,
    state: home.state,
    country: home.country,
    postalCode: home.postalCode,
  };
  if (home.complement) address.complement = home.complement;
  return address;
}
