/** Loaded lazily, as the dashboard's chart (chart.js only where a chart is shown). */
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartOptions } from "chart.js";
import { Bar } from "react-chartjs-2";
import { chartStepSize } from "../../../lib/chart-steps";
import { formatDayLabel, formatNumber } from "../../../lib/format";

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

export type AffiliateSeries = { days: string[]; clicks: number[]; signups: number[] };

export default function AffiliateChartCanvas({ series }: { series: AffiliateSeries }) {
  const max = Math.max(0, ...series.clicks, ...series.signups);
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 250 },
    plugins: { legend: { position: "bottom" } },
    scales: {
      x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 8 } },
      y: { beginAtZero: true, suggestedMax: max > 0 ? undefined : 5, ticks: { stepSize: chartStepSize(max || 5), precision: 0, callback: (v) => formatNumber(Number(v)) } },
    },
  };
  const data = {
    labels: series.days.map(formatDayLabel),
    datasets: [
      { label: "Cliques", data: series.clicks, backgroundColor: "rgba(13, 148, 136, 0.85)", borderRadius: 4, maxBarThickness: 18 },
      { label: "Cadastros", data: series.signups, backgroundColor: "rgba(79, 70, 229, 0.85)", borderRadius: 4, maxBarThickness: 18 },
    ],
  };
  return <Bar aria-label="Gráfico de cliques e cadastros por dia nos últimos 30 dias" role="img" options={options} data={data} />;
}
