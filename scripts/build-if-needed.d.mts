/** Builds the Next.js app when there is no build yet or a source changed since (see the .mjs). */
export function buildIfNeeded(): void;
