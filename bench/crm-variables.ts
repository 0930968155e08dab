/**
 * The variables' cost on the chat hot path (issue 14): the pre-check every offline turn and every
 * online turn's tool offer pay, pattern extraction on a message that tells something, and
 * rendering a greeting. Pure functions, no server: microseconds per message.
 * Run alone: `bun bench/crm-variables.ts` (COUNT=… to change the number of messages).
 */
import { renderTemplate } from "../src/schemas/crm/template";
import { extractByPatterns, mightHoldData } from "../src/services/crm/variable-patterns";

const PLAIN = ["Oi", "Qual o horário de vocês?", "Vocês entregam no sábado?", "Quanto custa a diária?", "Obrigado!"];
const TELLING = ["Meu nome é Ana Souza, ana@exemplo.com.br", "Me chamo João, (11) 98765-4321, CEP 01310-100", "Sou o Pedro, trabalho na Acme Ltda", "Plano: Ouro"];
const DEFS = [{ name: "plano", displayName: "Plano", dataType: "string" as const }];

function perOp(n: number, fn: (i: number) => unknown): number {
  const started = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  return Math.round(((performance.now() - started) * 1000 * 100) / n) / 100;
}

export async function run(): Promise<Record<string, number>> {
  const n = Number(process.env.COUNT ?? 100_000);
  return {
    precheck_plain_us: perOp(n, (i) => mightHoldData(PLAIN[i % PLAIN.length] ?? "", DEFS)),
    extract_telling_us: perOp(n, (i) => extractByPatterns(TELLING[i % TELLING.length] ?? "", DEFS)),
    render_greeting_us: perOp(n, () => renderTemplate("{{saudacao}}, {{nome}}! Sou {{agente}}. Plano: {{plano}}.", { saudacao: "Bom dia", nome: "Ana", agente: "Bia" }, { plano: "Básico" })),
  };
}

if (import.meta.main) console.log(JSON.stringify(await run()));
