"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { Report } from "@/lib/contract/reports";

/**
 * The charts load when they come near the screen (or on request): the chart library and its
 * rendering are the page's heaviest work (Lighthouse measured ~2.7 s of script on a slowed phone),
 * and the figures above them (tiles, the per-store table) are readable without it. Each figure
 * brings its table for screen readers once loaded; the button loads them at once.
 */
const ReportCharts = dynamic(() => import("./report-charts").then((module) => module.ReportCharts), {
  ssr: false,
  loading: () => <ChartsLoading />,
});

function ChartsLoading() {
  const t = useTranslations("reportsMore");
  return (
    <p role="status" className="min-h-64 text-lg text-zinc-400">
      {t("chartsLoading")}
    </p>
  );
}

export function LazyReportCharts({ report }: { report: Report }) {
  const t = useTranslations("reportsMore");
  const [shown, setShown] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = placeholder.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  if (shown) return <ReportCharts report={report} />;
  return (
    <div ref={placeholder} className="flex min-h-64 items-start">
      <button
        type="button"
        onClick={() => setShown(true)}
        className="min-h-12 rounded-lg border-2 border-zinc-500 px-4 text-lg font-semibold"
      >
        {t("showCharts")}
      </button>
    </div>
  );
}
