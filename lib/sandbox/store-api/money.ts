import { CURRENCY, toValue } from "../money";

// Money of the store API: {value, currency} with value in reais (a decimal number, as the
// interchange API's price objects), computed from integer cents.

export type Money = { value: number; currency: string };

export const money = (cents: number): Money => ({ value: toValue(cents), currency: CURRENCY });

export const centsOf = (m: { value: number }) => Math.round(m.value * 100);

export const reais = (cents: number) => (cents / 100).toFixed(2);
