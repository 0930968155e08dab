/** Loaded lazily: chart.js only ships to who opens the sentiment tab (stack-notes §5). */
import { BarController, BarElement, CategoryScale, Chart as ChartJS, type ChartOptions, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip } from "chart.js";
import { Chart } from "react-chartjs-2";
import { chartStepSize } from "../../../lib/chart-steps";
import { formatDayLabel, formatNumber } from "../../../lib/format";

// The mixed chart (bars + a line) needs both controllers registered, not only the elements.
ChartJS.register(CategoryScale, LinearScale, BarController, BarElement, LineController, LineElement, PointElement, Tooltip, Legend);

export type DayRow = { day: string; positive: number; neutral: number; negative: number; avgScore: number | null };

/** Positive/neutral/negative messages per day (stacked bars) and the day's average score (line, right axis). */
export default function SentimentChartCanvas({ days }: { days: DayRow[] }) {
  const max = Math.max(5, ...days.map((d) => d.positive + d.neutral + d.negative));
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 250 },
    plugins: { legend: { position: "bottom" } },
    scales: {
      x: { stacked: true, grid: { display: false } },
      y: { stacked: true, beginAtZero: true, ticks: { stepSize: chartStepSize(max), precision: 0, callback: (v) => formatNumber(Number(v)) } },
      score: { position: "right", min: -1, max: 1, grid: { display: false }, ticks: { stepSize: 0.5 }, title: { display: true, text: "Score médio" } },
    },
  };
  const data = {
    labels: days.map((d) => formatDayLabel(d.day)),
    datasets: [
      { type: "bar" as const, label: "Positivas", data: days.map((d) => d.positive), backgroundColor: "rgba(22, 163, 74, 0.8)", stack: "s", maxBarThickness: 36 },
      { type: "bar" as const, label: "Neutras", data: days.map((d) => d.neutral), backgroundColor: "rgba(148, 163, 184, 0.8)", stack: "s", maxBarThickness: 36 },
      { type: "bar" as const, label: "Negativas", data: days.map((d) => d.negative), backgroundColor: "rgba(220, 38, 38, 0.8)", stack: "s", maxBarThickness: 36 },
      {
        type: "line" as const,
        label: "Score médio",
        data: days.map((d) => d.avgScore),
        borderColor: "rgba(37, 99, 235, 0.9)",
        backgroundColor: "rgba(37, 99, 235, 0.9)",
        yAxisID: "score",
        spanGaps: true,
        tension: 0.3,
      },
    ],
  };
  return <Chart type="bar" aria-label="Gráfico de sentimento das mensagens por dia" role="img" options={options} data={data as never} />;
}
