/** Loaded lazily like the dashboard's chart (chart.js only where a chart is drawn, stack-notes §5). */
import { BarElement, CategoryScale, Chart as ChartJS, type ChartOptions, Legend, LinearScale, Tooltip } from "chart.js";
import { Bar } from "react-chartjs-2";
import { chartStepSize } from "../../../lib/chart-steps";
import { formatDayLabel, formatNumber } from "../../../lib/format";

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

const COLORS = ["#0d9488", "#6366f1", "#f59e0b", "#ec4899", "#0ea5e9", "#94a3b8"];

export type UsageSeries = { agentId: string | null; label: string; credits: number[] };

/** Credits per day, one stacked bar segment per agent ("Outros" last, grey). SPEC §9 y-axis steps. */
export default function UsageChartCanvas({ days, series }: { days: string[]; series: UsageSeries[] }) {
  const totals = days.map((_, i) => series.reduce((s, x) => s + (x.credits[i] ?? 0), 0));
  const max = Math.max(0, ...totals);
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 250 },
    plugins: {
      legend: { position: "bottom" },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${formatNumber(Number(item.raw ?? 0))} créditos` } },
    },
    scales: {
      x: { stacked: true, grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 8 } },
      y: {
        stacked: true,
        beginAtZero: true,
        suggestedMax: max > 0 ? undefined : 5,
        ticks: { stepSize: chartStepSize(max || 5), precision: 0, callback: (v) => formatNumber(Number(v)) },
        grid: { color: "rgba(0,0,0,0.06)" },
      },
    },
  };
  const data = {
    labels: days.map(formatDayLabel),
    datasets: series.map((s, i) => ({
      label: s.label,
      data: s.credits,
      backgroundColor: s.label === "Outros" ? "#94a3b8" : (COLORS[i % (COLORS.length - 1)] ?? "#0d9488"),
      borderRadius: 3,
      maxBarThickness: 28,
    })),
  };
  return <Bar aria-label="Gráfico de créditos por dia e por agente" role="img" options={options} data={data} />;
}
