"use client";

import { useRef, type ReactNode } from "react";
import { OutOfView } from "../lanes/out-of-view";
import { useOutOfView } from "../lanes/use-out-of-view";

/**
 * The board's alerts (alert-banner.tsx), most urgent first, across the status bar. At most about
 * a quarter of the screen's height: beyond it they scroll, and a "+N" says how many are out of
 * view. Unbounded, six cancelled orders and a "stop cooking" pushed the New lane to a strip at the
 * bottom of a 1024×768 tablet, where a new order could not be seen or tapped. Hidden while no
 * alert is up (the banners render nothing then).
 */
export function AlertStack({ children }: { children: ReactNode }) {
  const list = useRef<HTMLDivElement>(null);
  const outOfView = useOutOfView(list, children, null, "data-alert");
  return (
    <div className="order-last hidden basis-full items-start gap-2 has-[[data-alert]]:flex">
      <div ref={list} className="flex max-h-[26dvh] min-w-0 flex-1 flex-col gap-1 overflow-y-auto">
        {children}
      </div>
      <OutOfView count={outOfView.hidden.length} onShow={outOfView.showNext} of="alerts" />
    </div>
  );
}
