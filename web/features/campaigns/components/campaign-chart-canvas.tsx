/** Loaded lazily: chart.js is ~55 KB gz and only the dashboard and campaign results need it (stack-notes §5). */
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartOptions } from "chart.js";
import { Bar } from "react-chartjs-2";
import { chartStepSize } from "../../../lib/chart-steps";
import { formatNumber } from "../../../lib/format";

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

type Point = { at: number; sent: number; failed: number };

const label = (at: number, bucket: "hour" | "day") =>
  new Intl.DateTimeFormat("pt-BR", bucket === "hour" ? { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit" } : { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit" }).format(at);

export default function CampaignChartCanvas({ points, bucket }: { points: Point[]; bucket: "hour" | "day" }) {
  const max = points.reduce((m, p) => Math.max(m, p.sent + p.failed), 0);
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 250 },
    plugins: { legend: { position: "bottom" } },
    scales: {
      x: { stacked: true, grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true } },
      y: { stacked: true, beginAtZero: true, ticks: { stepSize: chartStepSize(max || 5), precision: 0, callback: (v) => formatNumber(Number(v)) } },
    },
  };
  const data = {
    labels: points.map((p) => label(p.at, bucket)),
    datasets: [
      { label: "Enviadas", data: points.map((p) => p.sent), backgroundColor: "rgba(13, 148, 136, 0.85)", borderRadius: 4, maxBarThickness: 28 },
      { label: "Falhas", data: points.map((p) => p.failed), backgroundColor: "rgba(220, 38, 38, 0.8)", borderRadius: 4, maxBarThickness: 28 },
    ],
  };
  return <Bar aria-label={bucket === "hour" ? "Gráfico de envios por hora" : "Gráfico de envios por dia"} role="img" options={options} data={data} />;
}
