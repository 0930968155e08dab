/** Loaded lazily: chart.js only ships to who opens a test's page (stack-notes §5). */
import { BarElement, CategoryScale, Chart as ChartJS, type ChartOptions, LinearScale, Tooltip } from "chart.js";
import { Bar } from "react-chartjs-2";

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

const pct = (v: number) => `${(v * 100).toLocaleString("pt-BR", { maximumFractionDigits: 1 })}%`;
const COLOR: Record<string, string> = { winner: "rgba(22, 163, 74, 0.85)", loser: "rgba(220, 38, 38, 0.8)", inconclusive: "rgba(37, 99, 235, 0.75)" };

/** The conversion rate of each variant for the chosen metric, coloured by its verdict. */
export default function RatesChartCanvas({ rows, metricLabel }: { rows: { name: string; rate: number; verdict: string }[]; metricLabel: string }) {
  const top = Math.max(0.05, ...rows.map((r) => r.rate));
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 250 },
    plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => `${metricLabel}: ${pct(Number(c.raw))}` } } },
    scales: { x: { grid: { display: false } }, y: { beginAtZero: true, suggestedMax: Math.min(1, top * 1.2), ticks: { callback: (v) => pct(Number(v)) } } },
  };
  const data = {
    labels: rows.map((r) => r.name),
    datasets: [{ label: metricLabel, data: rows.map((r) => r.rate), backgroundColor: rows.map((r) => COLOR[r.verdict] ?? COLOR.inconclusive), borderRadius: 4, maxBarThickness: 56 }],
  };
  return <Bar aria-label={`Gráfico da taxa de ${metricLabel.toLowerCase()} por variante`} role="img" options={options} data={data} />;
}
