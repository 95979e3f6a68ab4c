"use client";

import { useTranslations } from "next-intl";
import { STAGES, type PeriodSummary } from "@/lib/contract/reports";
import { CHART_COLORS } from "./bars";
import { BarsFigure, ReportSection } from "./bars-figure";
import { duration, minutes } from "./report-format";

/** Median and p90 of each stage, in minutes, with the definition spelled out. */
export function SpeedChart({ summary }: { summary: PeriodSummary }) {
  const t = useTranslations("reports.speed");
  const none = "—";
  const rows = STAGES.map((stage) => ({ stage, label: t(`stages.${stage}`), ...summary.speed[stage] }));
  // Minutes on the axis, unless every time is under two minutes (a quiet day, or a demo).
  const inSeconds = Math.max(0, ...rows.map((row) => row.p90 ?? 0)) < 120;
  // Whole seconds, as the caption and table say them.
  const scale = (seconds: number | null) =>
    seconds === null ? null : inSeconds ? Math.round(seconds) : minutes(seconds);
  const data = rows.map((row) => ({ label: row.label, median: scale(row.median), p90: scale(row.p90) }));
  const text = (seconds: number | null) => (seconds === null ? none : duration(seconds));
  return (
    <ReportSection id="speed-heading" title={t("title")}>
      <p className="max-w-4xl text-base text-zinc-300">
        {t("definition")}
        {/* Only when some were left out: a message that formats to nothing is an error once precompiled. */}
        {summary.scheduled > 0 && ` ${t("scheduledExcluded", { count: summary.scheduled })}`}
      </p>
      <BarsFigure
        id="speed"
        title={t("chartTitle")}
        summary={
          rows
            .filter((row) => row.count > 0)
            .map((row) =>
              t("summary", { stage: row.label, median: text(row.median), p90: text(row.p90), count: row.count }),
            )
            .join(" ") || t("noData")
        }
        table={{
          headers: [t("stage"), t("median"), t("p90"), t("count")],
          rows: rows.map((row) => [row.label, text(row.median), text(row.p90), row.count]),
        }}
        data={data}
        series={[
          { key: "median", name: t("median"), color: CHART_COLORS.median },
          { key: "p90", name: t("p90"), color: CHART_COLORS.p90 },
        ]}
        format={(value) => `${value} ${inSeconds ? "s" : "min"}`}
        horizontal
      />
    </ReportSection>
  );
}
