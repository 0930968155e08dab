/** Loaded lazily: chart.js only ships to who opens the decisions section (stack-notes §5). */
import { BarElement, CategoryScale, Chart as ChartJS, type ChartOptions, Legend, LinearScale, Tooltip } from "chart.js";
import { Bar } from "react-chartjs-2";
import { ROUTING_METHOD_LABEL, type RoutingMethod } from "../../../../src/schemas/orchestration";
import { chartStepSize } from "../../../lib/chart-steps";
import { formatNumber } from "../../../lib/format";

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

const COLORS: Record<RoutingMethod, string> = {
  entry: "rgba(100, 116, 139, 0.8)",
  stay: "rgba(148, 163, 184, 0.8)",
  rule: "rgba(13, 148, 136, 0.85)",
  manual_rule: "rgba(37, 99, 235, 0.8)",
  model: "rgba(124, 58, 237, 0.8)",
  default: "rgba(217, 119, 6, 0.8)",
  human: "rgba(220, 38, 38, 0.8)",
};

type Row = { agentId: string; method: string; count: number };

/** Decisions per agent, stacked by how each was made. */
export default function CountersChartCanvas({ rows, names }: { rows: Row[]; names: Record<string, string> }) {
  const agentIds = [...new Set(rows.map((r) => r.agentId))];
  const methods = (Object.keys(ROUTING_METHOD_LABEL) as RoutingMethod[]).filter((m) => rows.some((r) => r.method === m));
  const totals = agentIds.map((a) => rows.filter((r) => r.agentId === a).reduce((s, r) => s + r.count, 0));
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 250 },
    plugins: { legend: { position: "bottom" } },
    scales: {
      x: { stacked: true, grid: { display: false } },
      y: { stacked: true, beginAtZero: true, ticks: { stepSize: chartStepSize(Math.max(5, ...totals)), precision: 0, callback: (v) => formatNumber(Number(v)) } },
    },
  };
  const data = {
    labels: agentIds.map((a) => (a === "" ? "Pessoa" : (names[a] ?? "Agente removido"))),
    datasets: methods.map((m) => ({
      label: ROUTING_METHOD_LABEL[m],
      data: agentIds.map((a) => rows.find((r) => r.agentId === a && r.method === m)?.count ?? 0),
      backgroundColor: COLORS[m],
      borderRadius: 4,
      maxBarThickness: 36,
    })),
  };
  return <Bar aria-label="Gráfico de decisões por agente e método" role="img" options={options} data={data} />;
}
