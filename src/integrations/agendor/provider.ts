/**
 * The Agendor CRM ToolProvider: with the agent's Agendor enabled and a token saved, the model may
 * register the lead (registrar_lead), open a deal (criar_negocio, when deals sync) and schedule a
 * follow-up task (criar_tarefa, when tasks sync). The conversation's customer fills what the
 * model leaves out; everything is deduplicated through crm_links (src/services/agendor-sync.ts).
 */
import type { z } from "zod";
import { dealArgs, leadArgs, taskArgs } from "../../schemas/agendor";
import type { AgentTool, ToolProvider } from "../../runtime/tools";
import { NEED_CONTACT, activeAgendor, createAgendorDeal, createAgendorTask, syncLeadToAgendor } from "../../services/agendor-sync";

/** Up to 4 attempts per Agendor call (429 retries) and a few calls per tool. */
const TOOL_TIMEOUT_MS = 45_000;

function parseArgs<S extends z.ZodType>(schema: S, args: Record<string, unknown>): z.output<S> {
  const r = schema.safeParse(args);
  if (!r.success) throw new Error(r.error.issues[0]?.message ?? "Argumentos inválidos");
  return r.data;
}

export const agendorTools: ToolProvider = async (deps, agent, ctx) => {
  const active = await activeAgendor(deps, agent);
  if (!active) return [];
  const { cfg } = active;
  const known = ctx.customer;
  const tools: AgentTool[] = [];

  if (cfg.syncPeople || cfg.syncOrganizations) {
    tools.push({
      name: "registrar_lead",
      description:
        "Registra ou atualiza o cliente como lead no CRM Agendor (sem duplicar). Use quando o cliente demonstrar interesse e informar nome e e-mail ou telefone." +
        (cfg.autoAddToFunnel && cfg.syncDeals ? " O lead também entra no funil de vendas." : ""),
      parameters: {
        type: "object",
        properties: {
          nome: { type: "string", description: "Nome completo do cliente" },
          telefone: { type: "string", description: "Telefone com DDD" },
          email: { type: "string", description: "E-mail do cliente" },
          empresa: { type: "string", description: "Empresa do cliente, se informada" },
          observacao: { type: "string", description: "Resumo do interesse do cliente" },
        },
      },
      timeoutMs: TOOL_TIMEOUT_MS,
      examples: ["quero que entrem em contato comigo", "pode me cadastrar"],
      run: async (raw, signal) => {
        const a = parseArgs(leadArgs, raw);
        const customer = { name: a.nome ?? known.name, phone: a.telefone ?? known.phone, email: a.email ?? known.email, company: a.empresa ?? null, note: a.observacao ?? null };
        if (!customer.email && !customer.phone) throw new Error(NEED_CONTACT);
        const r = await syncLeadToAgendor(deps, agent, customer, ctx.conversationId, { signal });
        return {
          data: {
            registrado: true,
            mensagem: r.created.person ? "Lead cadastrado no Agendor." : "Cadastro do cliente atualizado no Agendor (já existia).",
            pessoaId: r.personId,
            empresaId: r.organizationId,
            negocioId: r.dealId,
            ...(r.created.deal ? { negocio: "Negócio aberto no funil de vendas." } : {}),
          },
        };
      },
    });
  }

  if (cfg.syncDeals) {
    tools.push({
      name: "criar_negocio",
      description: "Abre um negócio (oportunidade de venda) para o cliente desta conversa no funil do CRM Agendor.",
      parameters: {
        type: "object",
        properties: {
          titulo: { type: "string", description: "Título do negócio, ex.: Plano anual para 10 usuários" },
          valor: { type: "number", description: "Valor estimado em reais" },
          descricao: { type: "string", description: "Detalhes do que o cliente quer" },
        },
        required: ["titulo"],
      },
      timeoutMs: TOOL_TIMEOUT_MS,
      run: async (raw, signal) => {
        const a = parseArgs(dealArgs, raw);
        const r = await createAgendorDeal(deps, agent, known, ctx.conversationId, { title: a.titulo, value: a.valor, description: a.descricao }, { signal });
        return { data: { criado: true, mensagem: "Negócio criado no Agendor.", negocioId: r.dealId } };
      },
    });
  }

  if (cfg.syncTasks) {
    tools.push({
      name: "criar_tarefa",
      description: "Cria uma tarefa de acompanhamento (ex.: ligar, enviar proposta) no CRM Agendor para o cliente desta conversa.",
      parameters: {
        type: "object",
        properties: {
          texto: { type: "string", description: "O que a equipe deve fazer" },
          prazo: { type: "string", description: "Data ou data e hora, formato AAAA-MM-DD ou AAAA-MM-DDTHH:MM (horário de Brasília)" },
        },
        required: ["texto"],
      },
      timeoutMs: TOOL_TIMEOUT_MS,
      run: async (raw, signal) => {
        const a = parseArgs(taskArgs, raw);
        const r = await createAgendorTask(deps, agent, known, ctx.conversationId, { text: a.texto, dueDate: a.prazo }, { signal });
        return { data: { criada: true, mensagem: `Tarefa criada no Agendor (no ${r.on} do cliente).`, tarefaId: r.taskId } };
      },
    });
  }
  return tools;
};
