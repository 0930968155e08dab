import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { ptBR } from "date-fns/locale";

export const SAO_PAULO = "America/Sao_Paulo";

const numberFmt = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });
const compactFmt = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** pt-BR number: 12345.5 → "12.345,5". */
export const formatNumber = (n: number | null | undefined) => numberFmt.format(Number(n ?? 0));

/** Totals in thousands, as the credit box shows them: 5000 → "5k", 1500 → "1,5k", 800 → "0,8k". */
export const formatThousands = (n: number | null | undefined) => `${compactFmt.format(Number(n ?? 0) / 1000)}k`;

/** Cuts a label to `max` characters plus an ellipsis. */
export const truncate = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);

/** "YYYY-MM-DD" (a São Paulo calendar day) → "dd/MM". Noon avoids any DST edge. */
export function formatDayLabel(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (m) return `${m[3]}/${m[2]}`;
  const d = new Date(day);
  if (Number.isNaN(d.getTime())) return day;
  return format(new TZDate(d, SAO_PAULO), "dd/MM", { locale: ptBR });
}

/** Timestamp (ms or ISO) → "dd/MM/yyyy HH:mm" in São Paulo time. */
export function formatDateTime(value: number | string | Date | null | undefined): string {
  if (value === null || value === undefined) return "—";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "—";
  return format(new TZDate(d, SAO_PAULO), "dd/MM/yyyy HH:mm", { locale: ptBR });
}

export function formatDate(value: number | string | Date | null | undefined): string {
  if (value === null || value === undefined) return "—";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "—";
  return format(new TZDate(d, SAO_PAULO), "dd/MM/yyyy", { locale: ptBR });
}
