/** Loaded lazily: chart.js is ~55 KB gz and only the dashboard and the funnel need it (stack-notes §5). */
import { BarElement, CategoryScale, Chart as ChartJS, type ChartOptions, LinearScale, Tooltip } from "chart.js";
import { Bar } from "react-chartjs-2";
import { chartStepSize } from "../../../../lib/chart-steps";
import { formatDayLabel, formatNumber } from "../../../../lib/format";
import { formatBrl } from "../hooks/use-deal";
import type { FunnelStats } from "../hooks/use-funnel";

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

const WON_COLOR = "rgba(22, 163, 74, 0.85)";

export function WonPerWeekChart({ weeks }: { weeks: FunnelStats["weeks"] }) {
  const max = weeks.reduce((m, w) => Math.max(m, w.count), 0);
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 250 },
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          title: (items) => `Semana de ${items[0]?.label ?? ""}`,
          label: (item) => {
            const w = weeks[item.dataIndex];
            return w ? `${formatNumber(w.count)} ganhos · ${formatBrl(w.valueCents)}` : "";
          },
        },
      },
    },
    scales: {
      x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 8 } },
      y: { beginAtZero: true, suggestedMax: max > 0 ? undefined : 5, ticks: { stepSize: chartStepSize(max || 5), precision: 0 }, grid: { color: "rgba(0,0,0,0.06)" } },
    },
  };
  const data = {
    labels: weeks.map((w) => formatDayLabel(w.weekStart)),
    datasets: [{ label: "Negócios ganhos", data: weeks.map((w) => w.count), backgroundColor: WON_COLOR, borderRadius: 4, maxBarThickness: 28 }],
  };
  return <Bar aria-label="Gráfico de negócios ganhos por semana" role="img" options={options} data={data} />;
}

export function ConversionChart({ conversion }: { conversion: FunnelStats["conversion"] }) {
  const options: ChartOptions<"bar"> = {
    indexAxis: "y",
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 250 },
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (item) => { const c = conversion[item.dataIndex]; return c ? `${formatNumber(Math.round(c.share * 1000) / 10)}% (${formatNumber(c.reached)} negócios)` : ""; } } },
    },
    scales: { x: { beginAtZero: true, max: 100, ticks: { callback: (v) => `${v}%` } }, y: { grid: { display: false } } },
  };
  const data = {
    labels: conversion.map((c) => c.name),
    datasets: [{ label: "Chegaram à etapa", data: conversion.map((c) => Math.round(c.share * 1000) / 10), backgroundColor: conversion.map((c) => c.color), borderRadius: 4, maxBarThickness: 22 }],
  };
  return <Bar aria-label="Gráfico de conversão por etapa" role="img" options={options} data={data} />;
}

