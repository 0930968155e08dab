/** Loaded lazily: chart.js only ships to who opens the stats tab (stack-notes §5). */
import { BarElement, CategoryScale, Chart as ChartJS, type ChartOptions, Legend, LinearScale, Tooltip } from "chart.js";
import { Bar } from "react-chartjs-2";

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

type Row = { label: string; value: number };

/** Percentages by module/quiz: lessons completed per learner and the quiz pass rate. */
export default function CourseStatsChart({ title, rows, color }: { title: string; rows: Row[]; color: string }) {
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 250 },
    plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => `${title}: ${Number(c.raw)}%` } } },
    scales: { x: { grid: { display: false } }, y: { beginAtZero: true, max: 100, ticks: { callback: (v) => `${v}%` } } },
  };
  const data = { labels: rows.map((r) => r.label), datasets: [{ label: title, data: rows.map((r) => r.value), backgroundColor: color, borderRadius: 4, maxBarThickness: 56 }] };
  return <Bar aria-label={`Gráfico: ${title}`} role="img" options={options} data={data} />;
}
