/**
 * The model's tool for what the customer tells about themselves (salvar_dados_cliente): the contact
 * fields and the workspace's extractable custom variables. Values land on the conversation's
 * contact as "extracted"; what a person typed is kept, and the tool says so to the model.
 */
import type { AgentTool, ToolProvider } from "../../runtime/tools";
import { SYSTEM_VARIABLES, type VariableDataType, isContactVariable } from "../../schemas/crm/variables";
import { saveConversationValues } from "../../services/crm/conversation-extraction";
import { mightHoldData } from "../../services/crm/variable-patterns";
import { customDefinitions } from "../../services/crm/variables";

export const SAVE_CUSTOMER_DATA_TOOL = "salvar_dados_cliente";
/** A model call that gives no confidence: fairly sure, below what a person typed (1). */
export const LLM_DEFAULT_CONFIDENCE = 0.9;

const jsonType = (t: VariableDataType) => (t === "number" ? "number" : t === "boolean" ? "boolean" : "string");
const CONTACT_HINTS: Record<string, string> = {
  telefone: "Telefone com DDD, como o cliente escreveu",
  data_nascimento: "Data de nascimento, formato dd/mm/aaaa",
  cep: "CEP, formato 00000-000",
  estado: "Estado (UF), ex.: SP",
};

function asText(v: unknown): string | null {
  if (typeof v === "string") return v;
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v === "boolean") return v ? "sim" : "não";
  return null;
}

export const crmVariableTools: ToolProvider = async (deps, agent, ctx) => {
  const conversationId = ctx.conversationId;
  if (!conversationId) return [];
  const custom = (await customDefinitions(deps.db, agent.workspaceId)).filter((d) => d.extractable);
  // Offered only when the message could tell something: other turns keep streaming token by token.
  if (!mightHoldData(ctx.text, custom)) return [];
  const properties: Record<string, Record<string, unknown>> = {};
  for (const v of SYSTEM_VARIABLES) if (isContactVariable(v.name)) properties[v.name] = { type: "string", description: CONTACT_HINTS[v.name] ?? v.description };
  for (const d of custom) properties[d.name] = { type: jsonType(d.dataType), description: [d.displayName, d.description, d.format && `Formato: ${d.format}`].filter(Boolean).join(". ") };
  properties.confianca = { type: "number", description: "De 0 a 1: quão certo você está dos dados (1 = o cliente disse explicitamente)" };
  const tool: AgentTool = {
    name: SAVE_CUSTOMER_DATA_TOOL,
    description:
      "Salva no cadastro do cliente os dados que ele informou nesta conversa (nome, e-mail, telefone, empresa, CEP, número do pedido…). Envie só o que o cliente disse explicitamente; não invente.",
    parameters: { type: "object", properties },
    timeoutMs: 10_000,
    run: async (args) => {
      const values: Record<string, string> = {};
      for (const [k, v] of Object.entries(args)) {
        const text = k === "confianca" ? null : asText(v);
        if (text?.trim() && Object.hasOwn(properties, k)) values[k] = text;
      }
      const c = typeof args.confianca === "number" && args.confianca >= 0 && args.confianca <= 1 ? args.confianca : LLM_DEFAULT_CONFIDENCE;
      const out = await saveConversationValues(deps.db, { workspaceId: agent.workspaceId, conversationId, agentId: agent.id, autoAddToFunnel: agent.conversationSettings.autoAddToFunnel }, values, { method: "llm", confidence: c });
      if (!out.contactId) return { data: { salvo: [], mensagem: "Não há cadastro de cliente para esta conversa ainda; nada foi salvo.", invalidos: out.invalid } };
      return {
        data: {
          salvo: out.applied,
          ...(out.kept.length ? { mantidos: out.kept, mensagem: "Estes dados já foram informados pela equipe (ou pertencem a outro cliente) e foram mantidos como estavam." } : {}),
          ...(out.invalid.length ? { invalidos: out.invalid } : {}),
        },
      };
    },
  };
  return [tool];
};
