import type { PizzaPricing } from "@/lib/db/schema";

/**
 * A pizza's unit price from its flavours' prices at its size, in cents, by the restaurant's rule:
 * the dearest flavour's ("highest", the default and the most common in Brazil), or the average.
 * The average is rounded UP to the cent: a restaurant that prices by average never loses a
 * fraction of a cent to the customer, and the same flavours always give the same price.
 */
export function pizzaUnitCents(flavorCents: readonly number[], rule: PizzaPricing): number {
  if (flavorCents.length === 0) return 0;
  if (rule === "average") {
    const sum = flavorCents.reduce((total, cents) => total + cents, 0);
    return Math.ceil(sum / flavorCents.length);
  }
  return Math.max(...flavorCents);
}
