/**
 * The app for bench/semantic-cache.ts, in its own process. Two modes, on one data dir:
 *   seed <dataDir> <llmUrl> <entries>  creates a funded agent and writes <entries> semantic-cache rows straight
 *                             into the libSQL file (offline-embedder vectors of distinct questions),
 *                             then exits, so the server starts on a cache that is already this large;
 *   serve <dataDir> <llmUrl>            starts the server against the fake LLM and prints {port, agentId}.
 * question(k) is the k-th distinct customer question: pairwise cosine stays below 0.92, so a
 * question the bench asks misses the cache unless it was asked before.
 */
import { agents, semanticCache } from "../db/schema";
import { offlineVector } from "../src/knowledge/embedder";
import { cacheKeyOf } from "../src/knowledge/semantic-cache";
import { benchEnv, fundedWorkspace, insertAgent } from "./target-support";

const PRODUCTS = ["geladeira", "fogão", "micro-ondas", "ventilador", "ar-condicionado", "televisão", "notebook", "celular", "tablet", "impressora", "cafeteira", "liquidificador", "batedeira", "aspirador", "ferro de passar", "máquina de lavar", "secadora", "sofá", "colchão", "cadeira gamer", "mesa de jantar", "guarda-roupa", "bicicleta", "patinete", "tênis de corrida", "mochila", "relógio", "fone de ouvido", "caixa de som", "monitor", "teclado", "mouse", "roteador", "câmera", "smartwatch", "panela de pressão", "air fryer", "churrasqueira", "purificador de água", "cortina"];
const TEMPLATES = [
  "qual é o prazo de entrega de {p} {a} para {c}",
  "vocês têm {p} {a} em estoque na loja de {c}",
  "quanto custa o frete de {p} {a} até {c}",
  "posso trocar {p} {a} comprado em {c} se não gostar",
  "qual a garantia de {p} {a} vendido em {c}",
  "aceitam pix na compra de {p} {a} para entrega em {c}",
  "como funciona a instalação de {p} {a} em {c}",
  "tem desconto para {p} {a} à vista em {c}",
  "em quantas vezes posso parcelar {p} {a} na loja de {c}",
  "a loja de {c} tem {p} {a} para retirar hoje",
  "o {p} {a} entregue em {c} vem com nota fiscal",
  "como faço para devolver {p} {a} comprado em {c}",
];
const ATTRIBUTES = ["azul", "preto", "branco", "inox", "110 volts", "220 volts", "grande", "pequeno", "usado", "novo", "de vitrine", "importado", "nacional", "bivolt", "com controle", "sem fio", "de luxo", "econômico", "compacto", "profissional"];
const CITIES = ["São Paulo", "Campinas", "Santos", "Curitiba", "Londrina", "Porto Alegre", "Florianópolis", "Belo Horizonte", "Uberlândia", "Rio de Janeiro", "Niterói", "Salvador", "Recife", "Fortaleza", "Natal", "Manaus", "Belém", "Goiânia", "Brasília", "Cuiabá", "Vitória", "Maceió", "Aracaju", "Teresina", "São Luís"];
const TOTAL = PRODUCTS.length * TEMPLATES.length * ATTRIBUTES.length * CITIES.length;
/** Coprime with TOTAL: k ↦ k·STRIDE mod TOTAL visits every combination once, neighbours far apart. */
const STRIDE = 7919;

export const QUESTIONS = TOTAL;

export function question(k: number): string {
  let r = (k * STRIDE) % TOTAL;
  const pick = <T>(xs: T[]) => {
    const x = xs[r % xs.length] as T;
    r = Math.floor(r / xs.length);
    return x;
  };
  const p = pick(PRODUCTS);
  const t = pick(TEMPLATES);
  const a = pick(ATTRIBUTES);
  const c = pick(CITIES);
  return `${t.replace("{p}", p).replace("{a}", a).replace("{c}", c)}?`;
}

export const ANSWER = "Nosso horário de atendimento é de segunda a sexta, das 9h às 18h. Posso ajudar em algo mais?";

async function seed(dataDir: string, llmUrl: string, entries: number) {
  const { bootDeps } = await import("../src/deps");
  // The boot stores the provider from the environment: the fake LLM, as the server will use.
  const { deps, database } = await bootDeps(benchEnv(dataDir, llmUrl));
  const owner = await fundedWorkspace(deps.db);
  const { ws } = owner;
  const agent = await insertAgent(deps.db, owner, "Bench");
  if (!agent) throw new Error("agent missing");
  // Entries answered over the last days, newest last: one a minute, like a busy shop.
  const now = Date.now();
  for (let from = 0; from < entries; from += 500) {
    const rows = [];
    for (let k = from; k < Math.min(entries, from + 500); k++) {
      const at = now - (entries - k) * 60_000;
      const q = question(k);
      rows.push({ agentId: agent.id, workspaceId: ws.id, question: q, embedding: offlineVector(q), answer: ANSWER, cacheKey: cacheKeyOf(agent), createdAt: at, updatedAt: at });
    }
    await deps.db.insert(semanticCache).values(rows);
  }
  database.close();
  console.log(JSON.stringify({ agentId: agent.id }));
}

async function serve(dataDir: string, llmUrl: string) {
  const { startServer } = await import("../src/server");
  const { server, deps } = await startServer(benchEnv(dataDir, llmUrl));
  const [agent] = await deps.db.select({ id: agents.id }).from(agents).limit(1);
  console.log(JSON.stringify({ port: server.port, agentId: agent?.id }));
  process.on("SIGINT", () => process.exit(0));
}

if (import.meta.main) {
  const [mode, dataDir, llmUrl, entries] = process.argv.slice(2);
  if (!dataDir || !llmUrl) throw new Error("usage: semantic-cache-target.ts seed|serve <dataDir> <llmUrl> [entries]");
  if (mode === "seed") {
    await seed(dataDir, llmUrl, Number(entries ?? 0));
    process.exit(0);
  } else await serve(dataDir, llmUrl);
}
