import { z } from "zod";

/**
 * Client of the USD→BRL quote API (AwesomeAPI: GET {EXCHANGE_RATE_API_BASE}/json/last/USD-BRL,
 * answering { USDBRL: { bid, ask, create_date, … } } with numbers as strings). The base URL is the
 * operator's (env), not a user's, so it is fetched directly rather than through safe-fetch.
 */
const TIMEOUT_MS = 10_000;
/** A quote outside this band is a broken answer, never a real rate: it must not reprice every credit. */
const SANE_MIN = 0.5;
const SANE_MAX = 50;

const quoteBody = z.object({ USDBRL: z.object({ bid: z.string(), create_date: z.string().optional() }) });

export type Quote = { ok: true; rate: number; quotedAt: string | null } | { ok: false; error: string };

/** The one call a quote needs (tests pass a failing one to simulate no connection). */
export type Fetcher = (url: string, init?: RequestInit) => Promise<Response>;

export async function fetchUsdBrl(base: string, fetcher: Fetcher = fetch): Promise<Quote> {
  const url = `${base.replace(/\/+$/, "")}/json/last/USD-BRL`;
  let res: Response;
  try {
    res = await fetcher(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    return { ok: false, error: "Sem conexão com o serviço de cotação (modo offline): a cotação atual foi mantida." };
  }
  if (!res.ok) return { ok: false, error: `O serviço de cotação respondeu com erro (HTTP ${res.status}): a cotação atual foi mantida.` };
  const parsed = quoteBody.safeParse(await res.json().catch(() => null));
  const rate = parsed.success ? Number(parsed.data.USDBRL.bid) : Number.NaN;
  if (!parsed.success || !Number.isFinite(rate) || rate < SANE_MIN || rate > SANE_MAX) {
    return { ok: false, error: "O serviço de cotação respondeu num formato inesperado: a cotação atual foi mantida." };
  }
  // Four decimals, as quotes are published: the stored rate stays readable on the screen.
  return { ok: true, rate: Math.round(rate * 10_000) / 10_000, quotedAt: parsed.data.USDBRL.create_date ?? null };
}
