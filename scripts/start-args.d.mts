/** The address `npm start` listens on, or undefined for every interface (see the .mjs). */
export function bindAddress(env: Record<string, string | undefined>): string | undefined;
/** `next start`'s arguments for `npm start` (see the .mjs). */
export function nextStartArgs(env: Record<string, string | undefined>): string[];
