"use client";

import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { ApiError } from "@/lib/contract/client";
import { LazyPinPad } from "./lazy-pin-pad";

/** Opens the keypad and answers whether someone entered a right PIN (false: they cancelled). */
type AskPin = () => Promise<boolean>;

const PinGateContext = createContext<AskPin | null>(null);

/**
 * The kitchen tablet's keypad, in place: an action that the server refuses with `pin_required`
 * (a tablet nobody has typed a PIN on) opens the keypad right where the cook is, and the action
 * runs again once a PIN is accepted — no message to read, no Retry to find.
 */
export function PinGateProvider({ children }: { children: ReactNode }) {
  const [asking, setAsking] = useState(false);
  // The waiting action's answer: one keypad at a time; a second ask joins the first.
  const waiting = useRef<{ promise: Promise<boolean>; resolve: (ok: boolean) => void } | null>(null);

  const ask = useCallback<AskPin>(() => {
    if (waiting.current) return waiting.current.promise;
    let resolve: (ok: boolean) => void = () => undefined;
    const promise = new Promise<boolean>((done) => {
      resolve = done;
    });
    waiting.current = { promise, resolve };
    setAsking(true);
    return promise;
  }, []);

  const answer = (ok: boolean) => {
    waiting.current?.resolve(ok);
    waiting.current = null;
    setAsking(false);
  };

  return (
    <PinGateContext.Provider value={ask}>
      {children}
      <LazyPinPad open={asking} forAction onClose={() => answer(false)} onSignedIn={() => answer(true)} />
    </PinGateContext.Provider>
  );
}

export function isPinRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === "pin_required";
}

/**
 * Wraps an action: when the server wants a PIN first, asks for it in place and runs the action
 * again. Outside a PinGateProvider (or when the cook cancels) the error goes on as before.
 */
export function useWithPin(): <T>(run: () => Promise<T>) => Promise<T> {
  const ask = useContext(PinGateContext);
  return async (run) => {
    try {
      return await run();
    } catch (error) {
      if (ask && isPinRequired(error) && (await ask())) return run();
      throw error;
    }
  };
}
