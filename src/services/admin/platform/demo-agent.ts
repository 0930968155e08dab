/**
 * First run (issue 17, item 10): the demo workspace gets 'Agente Demo', the attendant of a sample
 * store, trained on a short FAQ and active, so a newcomer's first minute shows the product
 * answering. Only called when the seed creates the demo workspace: an existing database is never touched.
 */
import { eq } from "drizzle-orm";
import { agents, embeddingSources, workspaces } from "../../../../db/schema";
import { processSource } from "../../../knowledge/ingest";
import { log } from "../../../lib/logger";
import { defaultConversationSettings } from "../../../schemas/agents";
import { computeConfigHash } from "../../agents";
import type { AppDeps } from "../../context";
import { enqueueTraining } from "../../training";

export const DEMO_AGENT_NAME = "Agente Demo";
export const DEMO_WORKSPACE_MAX_AGENTS = 3;

/**
 * Statements only, no question lines or headings: the offline provider answers with the sentence
 * that shares the most words with the question, and a bare question would be its best match.
 */
export const DEMO_FAQ = [
  "A Casa Aurora é uma loja de utilidades domésticas e decoração com loja física em Belo Horizonte e loja virtual para todo o Brasil.",
  "Nosso horário de atendimento é de segunda a sexta, das 9h às 18h, e aos sábados, das 9h às 13h.",
  "O prazo de entrega é de 2 a 5 dias úteis para capitais e de 5 a 10 dias úteis para o interior.",
  "O frete é grátis em compras acima de R$ 299,00; abaixo disso, o valor do frete é calculado no carrinho pelo CEP.",
  "Aceitamos pagamento por PIX, boleto e cartão de crédito em até 6 vezes sem juros.",
  "A troca ou devolução pode ser pedida em até 7 dias corridos após o recebimento, com o produto sem uso e na embalagem original.",
  "O reembolso de uma devolução é feito pela mesma forma de pagamento em até 10 dias úteis depois que o produto chega ao nosso depósito.",
  "A garantia dos produtos é de 90 dias contra defeitos de fabricação.",
  "O rastreamento do pedido é enviado por e-mail assim que o pedido sai do depósito.",
  "A retirada na loja física é gratuita e fica disponível no dia útil seguinte à confirmação do pagamento.",
].join("\n");

/** Creates the agent and its FAQ source, and trains it (inline with the local embedder; queued when embeddings use a provider). */
export async function seedDemoAgent(deps: AppDeps, workspace: { id: string }, owner: { id: string }) {
  const base = {
    workspaceId: workspace.id,
    userId: owner.id,
    name: DEMO_AGENT_NAME,
    activity: "Atendente virtual da Casa Aurora",
    description: "Agente de demonstração: atende os clientes de uma loja de exemplo com as respostas do FAQ.",
    companyName: "Casa Aurora",
    companySegment: "Utilidades domésticas e decoração",
    greetingMessage: "Olá! Eu sou o Agente Demo da Casa Aurora. Pergunte sobre entregas, frete, pagamento, trocas ou garantia.",
    unknownResponseMessage: "Ainda não sei responder isso. Posso ajudar com entregas, frete, pagamento, trocas ou garantia?",
    conversationSettings: defaultConversationSettings,
    isActive: true,
  };
  // The free plan holds one agent: the demo would take the operator's only slot, so the demo
  // workspace gets room for the agents they create next to it (an admin override, /admin/espacos).
  await deps.db.update(workspaces).set({ limitOverrides: { maxAgents: DEMO_WORKSPACE_MAX_AGENTS } }).where(eq(workspaces.id, workspace.id));
  const [agent] = await deps.db.insert(agents).values(base).returning();
  if (!agent) throw new Error("seed: demo agent not created");
  await deps.db.update(agents).set({ configHash: computeConfigHash(agent), trainingStatus: "pending" }).where(eq(agents.id, agent.id));
  const [source] = await deps.db
    .insert(embeddingSources)
    .values({ agentId: agent.id, workspaceId: workspace.id, sourceType: "text", title: "FAQ da Casa Aurora", content: DEMO_FAQ })
    .returning();
  if (!source) throw new Error("seed: demo FAQ not created");
  // A provider's embeddings may need the network (and a key set later): the durable queue retries them.
  if (deps.env.EMBEDDINGS === "provider") {
    await enqueueTraining(deps, source.id, agent.id, workspace.id);
    return agent.id;
  }
  try {
    await processSource(deps, source.id);
  } catch (err) {
    // The FAQ is a few lines of text: a failure here is a bug, but it must not stop the first start.
    log.warn("demo agent training failed; queued again", { error: err instanceof Error ? err.message : String(err) });
    await enqueueTraining(deps, source.id, agent.id, workspace.id);
  }
  return agent.id;
}
