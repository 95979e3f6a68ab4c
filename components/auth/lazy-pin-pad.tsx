"use client";

import { useState, type ComponentProps } from "react";
import { loadOnRender } from "@/components/load-on-render";

const PinPadChunk = loadOnRender(() => import("./pin-pad").then((module) => module.PinPad));

/**
 * The PIN keypad, loaded the first time it opens: it is no part of the board's first paint, and
 * its code (the pad, its request and its answer's schema) would ride on every board load. Once
 * opened it stays mounted, so closing it hands focus back as the browser's <dialog> does.
 */
export function LazyPinPad(props: ComponentProps<typeof PinPadChunk>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  return wanted ? <PinPadChunk {...props} /> : null;
}
