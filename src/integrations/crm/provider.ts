/**
 * The built-in CRM ToolProvider (issue 14): registrar_lead, atualizar_contato, mover_negocio and
 * criar_atividade on the workspace's own contacts and funnel. Offered only to agents that work
 * the funnel: "Adicionar ao funil automaticamente" on, or an active intent whose internal tool
 * is `crm`; the last three need the turn's conversation. Registered before Agendor: with Agendor
 * on, registrar_lead also syncs the lead there, as Agendor's own tool of that name did.
 */
import type { AgentTool, ToolContext, ToolProvider } from "../../runtime/tools";
import type { AgentRow } from "../../runtime/prompt";
import { activityToolArgs, contactToolArgs, leadToolArgs, moveToolArgs, parseToolArgs } from "../../schemas/crm/agent-tools";
import { ACTIVITY_TYPE_LABEL } from "../../schemas/crm/deal-details";
import type { AppDeps } from "../../services/context";
import { createConversationActivity, moveConversationDeal, updateConversationContact } from "../../services/crm/agent-crm";
import { activeIntents } from "../intents/provider";
import { KEPT_NOTE, registerLeadEverywhere } from "./lead";

/** When an activity is due, told back in São Paulo time. */
const dueFormat = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });

async function worksTheFunnel(deps: AppDeps, agent: AgentRow): Promise<boolean> {
  if (agent.conversationSettings.autoAddToFunnel) return true;
  const intents = await activeIntents(deps, agent);
  return intents.some((i) => i.action.type === "internal_tool" && i.action.internalTool === "crm");
}

function tools(deps: AppDeps, agent: AgentRow, ctx: ToolContext): AgentTool[] {
  const list: AgentTool[] = [
    {
      name: "registrar_lead",
      description:
        "Registra o cliente desta conversa como contato no CRM (sem duplicar) e abre um negócio no funil de vendas se ele ainda não tiver um aberto. Use quando o cliente demonstrar interesse ou informar nome, e-mail, telefone ou empresa.",
      parameters: {
        type: "object",
        properties: {
          nome: { type: "string", description: "Nome completo do cliente" },
          email: { type: "string", description: "E-mail do cliente" },
          telefone: { type: "string", description: "Telefone com DDD" },
          empresa: { type: "string", description: "Empresa do cliente, se informada" },
          observacao: { type: "string", description: "Resumo do interesse do cliente" },
        },
      },
      timeoutMs: 45_000,
      examples: ["quero que entrem em contato comigo", "pode me cadastrar"],
      run: async (raw) => {
        const a = parseToolArgs(leadToolArgs, raw);
        return { data: await registerLeadEverywhere(deps, agent, ctx, { name: a.nome, email: a.email, phone: a.telefone, company: a.empresa, notes: a.observacao }) };
      },
    },
  ];
  if (!ctx.conversationId) return list;
  list.push(
    {
      name: "atualizar_contato",
      description:
        "Atualiza os dados do cliente desta conversa no CRM com o que ele informou (nome, e-mail, telefone, empresa, cargo, cidade, estado, CEP, endereço, site, data de nascimento e variáveis personalizadas em `outras`). Dados preenchidos pela equipe não são substituídos.",
      parameters: {
        type: "object",
        properties: {
          nome: { type: "string" },
          email: { type: "string" },
          telefone: { type: "string", description: "Com DDD" },
          empresa: { type: "string" },
          cargo: { type: "string" },
          cidade: { type: "string" },
          estado: { type: "string" },
          cep: { type: "string", description: "00000-000" },
          endereco: { type: "string" },
          site: { type: "string" },
          data_nascimento: { type: "string", description: "AAAA-MM-DD" },
          outras: { type: "object", description: "Outras variáveis: nome_da_variavel → valor (ex.: numero_pedido)", additionalProperties: { type: "string" } },
        },
      },
      run: async (raw) => {
        const { outras, ...fields } = parseToolArgs(contactToolArgs, raw);
        const values: Record<string, string> = { ...(outras ?? {}) };
        for (const [k, v] of Object.entries(fields)) if (typeof v === "string" && v.trim()) values[k] = v;
        if (!Object.keys(values).length) throw new Error("Informe ao menos um dado do cliente para atualizar");
        const r = await updateConversationContact(deps, agent, ctx, values);
        return {
          data: {
            atualizado: r.applied.length > 0,
            atualizados: r.applied,
            ...(r.kept.length ? { mantidos: r.kept, observacao: KEPT_NOTE } : {}),
          },
        };
      },
    },
    {
      name: "mover_negocio",
      description:
        "Move o negócio aberto do cliente desta conversa para outra etapa do funil, pelo nome da etapa (ex.: Qualificado, Proposta, Negociação, Ganho, Perdido). Use quando a conversa mostrar que a venda avançou, foi fechada ou perdida.",
      parameters: {
        type: "object",
        properties: {
          etapa: { type: "string", description: "Nome da etapa de destino" },
          observacao: { type: "string", description: "Por que o negócio mudou de etapa (até 500 caracteres)" },
        },
        required: ["etapa"],
      },
      run: async (raw) => {
        const a = parseToolArgs(moveToolArgs, raw);
        const r = await moveConversationDeal(deps, agent, ctx, a.etapa, a.observacao ?? null);
        return {
          data: {
            movido: r.moved,
            mensagem: r.moved ? `Negócio "${r.title}" movido de ${r.from} para ${r.to}.` : `O negócio "${r.title}" já está na etapa ${r.to}.`,
            negocioId: r.dealId,
          },
        };
      },
    },
    {
      name: "criar_atividade",
      description: "Agenda uma atividade (ligação, reunião, tarefa, e-mail ou nota) no negócio aberto do cliente desta conversa, para a equipe fazer.",
      parameters: {
        type: "object",
        properties: {
          tipo: { type: "string", enum: ["call", "meeting", "task", "email", "note"], description: "call = ligação, meeting = reunião, task = tarefa, email, note = nota" },
          assunto: { type: "string", description: "O que fazer, ex.: Ligar para apresentar a proposta" },
          descricao: { type: "string" },
          quando: { type: "string", description: "Data e hora: AAAA-MM-DDTHH:MM (horário de Brasília)" },
        },
        required: ["tipo", "assunto"],
      },
      run: async (raw) => {
        const a = parseToolArgs(activityToolArgs, raw);
        const r = await createConversationActivity(deps, agent, ctx, { type: a.tipo, subject: a.assunto, description: a.descricao || null, scheduledAt: a.quando });
        const when = a.quando ? ` para ${dueFormat.format(a.quando)}` : "";
        const on = r.dealTitle ? `no negócio "${r.dealTitle}"` : "no contato (sem negócio aberto)";
        return { data: { criada: true, mensagem: `${ACTIVITY_TYPE_LABEL[a.tipo]} "${a.assunto}" criada ${on}${when}.`, atividadeId: r.activityId } };
      },
    },
  );
  return list;
}

export const crmTools: ToolProvider = async (deps, agent, ctx) => ((await worksTheFunnel(deps, agent)) ? tools(deps, agent, ctx) : []);
