/**
 * The Notion ToolProvider: buscar_notas, criar_nota and adicionar_a_nota, offered only when the
 * agent's Notion integration is enabled and has a token and a default parent. What comes back
 * from Notion is data for the model, never instructions.
 */
import type { AgentTool, ToolProvider } from "../../runtime/tools";
import { type NotionParentType, parseNotionId } from "../../schemas/notion";
import type { AppDeps } from "../../services/context";
import { integrationsOf, openConfig } from "../store";
import { type NotionParent, appendToNote, createNote, searchNotes } from "./notes";

const TOOL_TIMEOUT_MS = 30_000;
const MAX_CONTENT = 20_000;
const MAX_TITLE = 200;

export type NotionSettings = { token: string; parent: NotionParent };

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** The enabled, complete Notion config of an agent, or null. */
export async function notionSettingsOf(deps: AppDeps, agent: { id: string; workspaceId: string }): Promise<NotionSettings | null> {
  const row = (await integrationsOf(deps, agent, "notion")).find((r) => r.enabled && r.workspaceId === agent.workspaceId);
  if (!row) return null;
  const cfg = openConfig<{ token?: string; parentId?: string; parentType?: NotionParentType }>(deps, row);
  if (!cfg.token || !cfg.parentId) return null;
  return { token: cfg.token, parent: { type: cfg.parentType === "database" ? "database" : "page", id: cfg.parentId } };
}

function contentArg(v: unknown): string {
  const content = text(v);
  if (!content) throw new Error("Informe o conteúdo da nota.");
  if (content.length > MAX_CONTENT) throw new Error(`O conteúdo da nota deve ter no máximo ${MAX_CONTENT} caracteres; divida em partes.`);
  return content;
}

export function notionAgentTools(s: NotionSettings): AgentTool[] {
  return [
    {
      name: "buscar_notas",
      description:
        "Busca notas (páginas) no Notion da empresa pelo título ou termo. Retorna título, link, id e um trecho do texto de cada página. Use para consultar informações registradas ou achar a nota onde adicionar algo.",
      parameters: { type: "object", properties: { consulta: { type: "string", description: "Termo de busca, ex.: reunião com Ana" } }, required: ["consulta"] },
      timeoutMs: TOOL_TIMEOUT_MS,
      run: async (args, signal) => {
        const consulta = text(args.consulta).slice(0, 200);
        if (!consulta) throw new Error("Informe o termo de busca.");
        const notas = await searchNotes(s.token, consulta, signal);
        return { data: notas.length ? { notas } : { notas: [], mensagem: `Nenhuma nota encontrada para "${consulta}".` } };
      },
    },
    {
      name: "criar_nota",
      description:
        "Cria uma nota (página) no Notion, no local padrão escolhido pela empresa, com título e texto. Use para registrar pedidos, recados, resumos do atendimento ou dados que o cliente pediu para anotar.",
      parameters: {
        type: "object",
        properties: {
          titulo: { type: "string", description: "Título curto da nota" },
          conteudo: { type: "string", description: "Texto da nota; separe parágrafos com uma linha em branco" },
        },
        required: ["titulo", "conteudo"],
      },
      timeoutMs: TOOL_TIMEOUT_MS,
      run: async (args, signal) => {
        const titulo = text(args.titulo).replace(/\s+/g, " ").slice(0, MAX_TITLE);
        if (!titulo) throw new Error("Informe o título da nota.");
        const nota = await createNote(s.token, s.parent, titulo, contentArg(args.conteudo), signal);
        return { data: { criada: true, nota } };
      },
    },
    {
      name: "adicionar_a_nota",
      description:
        "Adiciona parágrafos ao final de uma nota (página) existente do Notion. Informe o id ou o link da página (obtidos com buscar_notas ou criar_nota).",
      parameters: {
        type: "object",
        properties: {
          pagina: { type: "string", description: "Id ou link da página do Notion" },
          conteudo: { type: "string", description: "Texto a adicionar; separe parágrafos com uma linha em branco" },
        },
        required: ["pagina", "conteudo"],
      },
      timeoutMs: TOOL_TIMEOUT_MS,
      run: async (args, signal) => {
        const pageId = parseNotionId(text(args.pagina));
        if (!pageId) throw new Error("Id ou link da página do Notion inválido. Use o id retornado por buscar_notas ou criar_nota.");
        const result = await appendToNote(s.token, pageId, contentArg(args.conteudo), signal);
        return { data: { adicionado: true, ...result } };
      },
    },
  ];
}

export const notionTools: ToolProvider = async (deps, agent) => {
  const settings = await notionSettingsOf(deps, agent);
  return settings ? notionAgentTools(settings) : [];
};
