/** The address `npm start` listens on, or undefined for every interface (see the .mjs). */
export function bindAddress(env: Record<string, string | undefined>): string | undefined;
/** `next start`'s arguments for `npm start` (see the .mjs). */
export function nextStartArgs(env: Record<string, string | undefined>): string[];
/** The command and arguments that serve Comanda: `next start` with the HTTP limits preloaded (see the .mjs). */
export function nextStartCommand(env: Record<string, string | undefined>): { command: string; args: string[] };
/** The server's environment: the given one, with MALLOC_ARENA_MAX=2 unless it sets one (see the .mjs). */
export function nextStartEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
