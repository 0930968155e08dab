/** Loaded lazily: chart.js is ~55 KB gz and only the chart pages need it (stack-notes §5). */
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartOptions } from "chart.js";
import { Bar } from "react-chartjs-2";
import { chartStepSize } from "../../../lib/chart-steps";
import { formatDayLabel, formatNumber } from "../../../lib/format";
import type { FeedbackStats } from "../hooks/use-feedback";

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

export default function FeedbackChartCanvas({ points }: { points: FeedbackStats["points"] }) {
  const max = points.reduce((m, p) => Math.max(m, p.likes, p.dislikes), 0);
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 250 },
    plugins: { legend: { position: "bottom" }, tooltip: { callbacks: { title: (items) => items[0]?.label ?? "" } } },
    scales: {
      x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 8 } },
      y: { beginAtZero: true, suggestedMax: max > 0 ? undefined : 5, ticks: { stepSize: chartStepSize(max || 5), precision: 0, callback: (v) => formatNumber(Number(v)) }, grid: { color: "rgba(0,0,0,0.06)" } },
    },
  };
  const data = {
    labels: points.map((p) => formatDayLabel(p.date)),
    datasets: [
      { label: "Gostei", data: points.map((p) => p.likes), backgroundColor: "rgba(22, 163, 74, 0.85)", borderRadius: 4, maxBarThickness: 22 },
      { label: "Não gostei", data: points.map((p) => p.dislikes), backgroundColor: "rgba(220, 38, 38, 0.85)", borderRadius: 4, maxBarThickness: 22 },
    ],
  };
  return <Bar aria-label="Gráfico de avaliações positivas e negativas por dia" role="img" options={options} data={data} />;
}
