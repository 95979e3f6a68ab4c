import type { Price } from "./types";

// All arithmetic is in integer cents; only the document carries decimals, so totals add up
// exactly and a client summing the lines gets the same number as the platform.

export const CURRENCY = "BRL";

export const toValue = (cents: number) => Math.round(cents) / 100;

export const price = (cents: number): Price => ({ value: toValue(cents), currency: CURRENCY });

export const sum = (values: readonly number[]) => values.reduce((acc, v) => acc + v, 0);
