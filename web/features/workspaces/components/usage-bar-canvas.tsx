/** Loaded lazily: chart.js is only needed on the usage dashboard (stack-notes §5). */
import { BarElement, CategoryScale, Chart as ChartJS, type ChartOptions, LinearScale, Tooltip } from "chart.js";
import { Bar } from "react-chartjs-2";
import { chartStepSize } from "../../../lib/chart-steps";
import { formatNumber } from "../../../lib/format";

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

type Props = {
  labels: string[];
  values: number[];
  /** Series name, and the tooltip text for one value. */
  series: string;
  tooltip: (value: number) => string;
  ariaLabel: string;
  horizontal?: boolean;
  color?: string;
};

export default function UsageBarCanvas({ labels, values, series, tooltip, ariaLabel, horizontal = false, color = "rgba(13, 148, 136, 0.85)" }: Props) {
  const max = values.reduce((m, v) => Math.max(m, v), 0);
  const valueAxis = {
    beginAtZero: true,
    suggestedMax: max > 0 ? undefined : 5,
    ticks: { stepSize: chartStepSize(max || 5), callback: (v: string | number) => formatNumber(Number(v)) },
    grid: { color: "rgba(0,0,0,0.06)" },
  };
  const categoryAxis = { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 8 } };
  const options: ChartOptions<"bar"> = {
    indexAxis: horizontal ? "y" : "x",
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 250 },
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { title: (items) => items[0]?.label ?? "", label: (item) => tooltip(Number(item.raw ?? 0)) } },
    },
    scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
  };
  const data = { labels, datasets: [{ label: series, data: values, backgroundColor: color, borderRadius: 4, maxBarThickness: 28 }] };
  return <Bar aria-label={ariaLabel} role="img" options={options} data={data} />;
}
