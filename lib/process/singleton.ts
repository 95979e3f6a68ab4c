// Next.js loads instrumentation and route handlers in separate module graphs (and reloads modules
// in development), so a module-level variable exists once per graph. State that must be one per
// process (a database handle, a token chain, the change bus) lives on globalThis instead, under a
// registered symbol, made on first use.
export function processSingleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`comanda.${name}`);
  const holder = globalThis as unknown as Record<symbol, T>;
  if (!(key in holder)) holder[key] = create();
  return holder[key];
}
