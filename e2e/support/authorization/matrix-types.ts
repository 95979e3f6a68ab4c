/**
 * The authorization matrix's vocabulary: who calls, what is expected, and the shorthands the
 * tables use so that each cell reads as a rule ("managers only") rather than five statuses.
 */

export const WHO = ["anonymous", "kitchen", "tablet", "manager", "admin"] as const;
export type Who = (typeof WHO)[number];
/** An HTTP status, or "sign-in": a redirect to the sign-in page (pages without a session). */
export type Expected = number | "sign-in";
export type Store = "own" | "other";
export type Expectations = Record<Who, Expected>;

export interface MatrixContext {
  storeId(store: Store): string;
  /** That restaurant's channel on the second sandbox platform (its id is not the restaurant's). */
  channelId(store: Store): string;
  /** An order of that store nobody has acted on yet (for actions expected to succeed). */
  freshOrder(store: Store): Promise<string>;
  /** Any order of that store. */
  someOrder(store: Store): Promise<string>;
  /** A new kitchen staff member of that store (to change without touching the demo accounts). */
  freshStaff(store: Store): Promise<number>;
  /** A PIN nobody has yet. */
  newPin(): string;
  /** The store's integration settings as the page sends them back (secrets blank: kept). */
  integrationBody(store: Store): Promise<unknown>;
  /** A new store's settings (disabled, so nothing polls it). */
  newStore(): unknown;
  /** The platform connection of the own store's first channel. */
  connectionId(): Promise<string>;
  /** A connection no restaurant of the demo manager is on (a disabled store of its own, added once). */
  foreignConnectionId(): Promise<string>;
}

export interface Call {
  method: string;
  path: string;
  json?: unknown;
  form?: Record<string, string>;
}

export interface Case {
  store?: Store;
  call: (ctx: MatrixContext) => Promise<Call> | Call;
  expect: Expectations;
}

export type Matrix = Record<string, Case[]>;

export const all = (status: Expected): Expectations => ({
  anonymous: status,
  kitchen: status,
  tablet: status,
  manager: status,
  admin: status,
});
export const signedIn = (status: Expected, anonymous: Expected = 401): Expectations => ({
  ...all(status),
  anonymous,
});
/** Managers and admins only: 403 for the kitchen account and for tablets (even one a manager set up). */
export const managers = (status: Expected): Expectations => ({
  anonymous: 401,
  kitchen: 403,
  tablet: 403,
  manager: status,
  admin: status,
});
/** A back-office page: like managers(), but an anonymous visitor is sent to sign in. */
export const managerPage = (status: Expected): Expectations => ({ ...managers(status), anonymous: "sign-in" });

/** One call for everyone, no store involved. */
export const anyStore = (call: () => Call, expect: Expectations): Case[] => [{ call, expect }];

/** The same call against the viewer's own store and against the other one, in that order. */
export function perStore(
  call: (ctx: MatrixContext, store: Store) => Promise<Call> | Call,
  expectOwn: Expectations,
  expectOther: Expectations = expectOwn,
): Case[] {
  return [
    { store: "own", call: (ctx) => call(ctx, "own"), expect: expectOwn },
    { store: "other", call: (ctx) => call(ctx, "other"), expect: expectOther },
  ];
}
