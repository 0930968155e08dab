/** Loaded lazily: chart.js is ~55 KB gz and only the dashboard needs it (stack-notes §5). */
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip, type ChartOptions } from "chart.js";
import { Bar } from "react-chartjs-2";
import { chartStepSize } from "../../../lib/chart-steps";
import { formatDayLabel, formatNumber } from "../../../lib/format";
import type { CreditPoint } from "../hooks/use-dashboard";

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

const BAR_COLOR = "rgba(13, 148, 136, 0.85)";
const BAR_HOVER = "rgba(15, 118, 110, 1)";

export default function CreditChartCanvas({ points }: { points: CreditPoint[] }) {
  const max = points.reduce((m, p) => Math.max(m, p.credits), 0);
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 250 },
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          title: (items) => items[0]?.label ?? "",
          label: (item) => `Créditos utilizados: ${formatNumber(Number(item.raw ?? 0))}`,
        },
      },
    },
    scales: {
      x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 8 } },
      y: {
        beginAtZero: true,
        suggestedMax: max > 0 ? undefined : 5,
        ticks: { stepSize: chartStepSize(max || 5), precision: 0, callback: (v) => formatNumber(Number(v)) },
        grid: { color: "rgba(0,0,0,0.06)" },
      },
    },
  };
  const data = {
    labels: points.map((p) => formatDayLabel(p.date)),
    datasets: [
      {
        label: "Créditos Usados",
        data: points.map((p) => p.credits),
        backgroundColor: BAR_COLOR,
        hoverBackgroundColor: BAR_HOVER,
        borderRadius: 4,
        maxBarThickness: 28,
      },
    ],
  };
  return <Bar aria-label="Gráfico de créditos usados por dia" role="img" options={options} data={data} />;
}
