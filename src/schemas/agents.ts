import { z } from "zod";
import { httpUrl, line, optional, paragraph } from "./text";

export const maxInteractionOptions = ["50 interações", "100 interações", "200 interações", "500 interações", "Ilimitado"] as const;
export const actionOnLimitOptions = ["Bloquear por 1 hora", "Bloquear por 24 horas", "Transferir para humano", "Encerrar atendimento"] as const;
export const followUpActions = ["send_message", "transfer_whatsapp", "close"] as const;

export const followUpStep = z.object({
  id: z.string().trim().min(1).max(64),
  timeout: z.number({ message: "Tempo é obrigatório" }).int("Tempo deve ser um número inteiro").min(1, "Tempo mínimo de 1 minuto").max(10080, "Tempo máximo de 7 dias"),
  action: z.enum(followUpActions, { message: "Ação inválida" }),
  message: paragraph(0, 512, { max: "Mensagem deve ter no máximo 512 caracteres" }),
  order: z.number().int("Ordem deve ser um número inteiro").min(0, "Ordem deve ser 0 ou mais"),
  transferWhatsappNumber: optional(z.string().trim().regex(/^\+?\d{10,15}$/, "Número de telefone inválido")),
});
export type FollowUpStep = z.infer<typeof followUpStep>;

export const conversationSettings = z.object({
  useEmojis: z.boolean(),
  restrictTopics: z.boolean(),
  splitLongMessages: z.boolean(),
  allowReminders: z.boolean(),
  responseTime: z.number().int().min(0, "Tempo de resposta mínimo de 0 s").max(120, "Tempo de resposta máximo de 120 s"),
  maxInteractionsPerService: z.enum(maxInteractionOptions, { message: "Limite de interações inválido" }),
  actionOnLimit: z.enum(actionOnLimitOptions, { message: "Ação ao atingir o limite inválida" }),
  timezone: z.string().trim().min(1).max(64),
  webSearch: z.boolean(),
  autoAddToFunnel: z.boolean(),
  followUpSettings: z.array(followUpStep).max(10, "No máximo 10 etapas de follow-up"),
});
export type ConversationSettings = z.infer<typeof conversationSettings>;

/** SPEC §9 "Conversation defaults for an agent". */
export const defaultConversationSettings: ConversationSettings = {
  useEmojis: true,
  restrictTopics: true,
  splitLongMessages: true,
  allowReminders: true,
  responseTime: 5,
  maxInteractionsPerService: "100 interações",
  actionOnLimit: "Bloquear por 1 hora",
  timezone: "America/Sao_Paulo",
  webSearch: false,
  autoAddToFunnel: false,
  followUpSettings: [],
};


const personalityText = (label: string) => line(5, 500, { min: `${label} deve ter pelo menos 5 caracteres`, max: `${label} deve ter no máximo 500 caracteres` });

/** SPEC §5 Personality. */
export const personalitySettings = z.object({
  agentRole: optional(personalityText("Papel do agente")),
  agentFunction: optional(personalityText("Função do agente")),
  agentPurpose: optional(personalityText("Propósito do agente")),
  responseStyle: optional(paragraph(0, 500, { max: "Estilo de resposta deve ter no máximo 500 caracteres" })),
  restrictions: optional(paragraph(0, 1000, { max: "Restrições devem ter no máximo 1000 caracteres" })),
  customRules: optional(paragraph(0, 1000, { max: "Regras personalizadas devem ter no máximo 1000 caracteres" })),
  advancedPersonality: optional(
    paragraph(20, 5000, { min: "Personalidade avançada deve ter pelo menos 20 caracteres", max: "Personalidade avançada deve ter no máximo 5000 caracteres" }),
  ),
});
export type PersonalitySettings = z.infer<typeof personalitySettings>;

/** Ready-made personalities of the "simplificado" mode: one click fills the personality fields. */
export const personalityPresets = {
  amigavel: {
    label: "Amigável e acolhedor",
    agentRole: "Atendente simpático que recebe cada cliente como um amigo",
    agentFunction: "Tirar dúvidas, apresentar produtos e ajudar o cliente a decidir",
    agentPurpose: "Deixar o cliente bem atendido e com vontade de voltar",
    responseStyle: "Caloroso, próximo e positivo, com frases curtas",
  },
  profissional: {
    label: "Profissional e objetivo",
    agentRole: "Consultor de atendimento formal e preciso",
    agentFunction: "Responder com exatidão e encaminhar pedidos com clareza",
    agentPurpose: "Resolver a demanda do cliente no menor número de mensagens",
    responseStyle: "Formal, direto e educado, sem gírias",
  },
  vendedor: {
    label: "Vendedor consultivo",
    agentRole: "Vendedor consultivo que entende a necessidade antes de oferecer",
    agentFunction: "Qualificar o interesse, recomendar a melhor opção e conduzir ao fechamento",
    agentPurpose: "Converter conversas em vendas sem pressionar o cliente",
    responseStyle: "Entusiasmado, persuasivo e honesto, sempre com uma próxima ação",
  },
  suporte: {
    label: "Suporte técnico paciente",
    agentRole: "Especialista de suporte paciente e didático",
    agentFunction: "Diagnosticar problemas passo a passo e orientar a solução",
    agentPurpose: "Resolver o problema do cliente e evitar que ele se repita",
    responseStyle: "Calmo, claro e estruturado em passos numerados",
  },
} as const;
export type PersonalityPreset = keyof typeof personalityPresets;

const wordList = (label: string) =>
  z
    .array(z.string().trim().min(1).max(100, `${label}: cada item deve ter no máximo 100 caracteres`))
    .max(100, `${label}: no máximo 100 itens`);

/** Host names (optionally with port) where the agent may be embedded. */
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/, "Domínio inválido (ex.: minhaloja.com.br)");

const nameField = line(2, 100, { min: "Nome deve ter pelo menos 2 caracteres", max: "Nome deve ter no máximo 100 caracteres" });
const activityField = line(2, 100, { min: "Atividade deve ter pelo menos 2 caracteres", max: "Atividade deve ter no máximo 100 caracteres" });

/** Everything the editor can save; every field optional so each section saves on its own. */
export const agentFields = z.object({
  // Perfil
  name: nameField,
  activity: activityField,
  description: optional(paragraph(0, 500, { max: "Descrição deve ter no máximo 500 caracteres" })),
  avatarUrl: optional(httpUrl("URL inválida")),
  voiceTone: optional(line(0, 50, { max: "Tom de voz deve ter no máximo 50 caracteres" })),
  // Personalidade
  personalityMode: z.enum(["simplificado", "avancado"]),
  personalityPreset: optional(z.enum(Object.keys(personalityPresets) as [PersonalityPreset, ...PersonalityPreset[]])),
  personality: optional(paragraph(0, 5000, { max: "Personalidade deve ter no máximo 5000 caracteres" })),
  personalitySettings: personalitySettings,
  /** Free sections of the "avançado" mode (title + text), appended to the personality in the prompt. */
  customPersonalitySections: z
    .array(
      z.object({
        title: line(2, 100, { min: "Título deve ter pelo menos 2 caracteres", max: "Título deve ter no máximo 100 caracteres" }),
        content: paragraph(1, 2000, { min: "Conteúdo é obrigatório", max: "Conteúdo deve ter no máximo 2000 caracteres" }),
      }),
    )
    .max(10, "No máximo 10 seções personalizadas"),
  agentMission: optional(paragraph(0, 1000, { max: "Missão deve ter no máximo 1000 caracteres" })),
  agentAudience: optional(paragraph(0, 1000, { max: "Público deve ter no máximo 1000 caracteres" })),
  specialInstructions: optional(paragraph(0, 2000, { max: "Instruções especiais devem ter no máximo 2000 caracteres" })),
  // Empresa
  companyName: optional(line(2, 200, { min: "Nome da empresa deve ter pelo menos 2 caracteres", max: "Nome da empresa deve ter no máximo 200 caracteres" })),
  companyWebsite: optional(httpUrl("URL inválida")),
  companySegment: optional(line(0, 100, { max: "Segmento deve ter no máximo 100 caracteres" })),
  companyDetails: optional(paragraph(0, 2000, { max: "Detalhes da empresa devem ter no máximo 2000 caracteres" })),
  // Mensagens
  greetingMessage: optional(paragraph(0, 1000, { max: "Mensagem de saudação deve ter no máximo 1000 caracteres" })),
  unknownResponseMessage: optional(paragraph(0, 1000, { max: "Mensagem deve ter no máximo 1000 caracteres" })),
  errorResponseMessage: optional(paragraph(0, 1000, { max: "Mensagem deve ter no máximo 1000 caracteres" })),
  enableCustomErrorResponses: z.boolean(),
  avoidedThemes: wordList("Temas evitados"),
  avoidedWords: wordList("Palavras evitadas"),
  // Conversa
  conversationSettings: conversationSettings,
  // Modelo
  aiProvider: line(1, 50),
  aiModel: optional(line(0, 50, { max: "Modelo deve ter no máximo 50 caracteres" })),
  // Publicação
  allowedDomains: z.array(domain).max(50, "No máximo 50 domínios"),
});

export const createAgentInput = agentFields.pick({ name: true, activity: true, description: true, avatarUrl: true }).extend({
  description: agentFields.shape.description,
});
export type CreateAgentInput = z.input<typeof createAgentInput>;
export type CreateAgent = z.output<typeof createAgentInput>;

export const updateAgentInput = agentFields.partial();
export type UpdateAgentInput = z.input<typeof updateAgentInput>;
export type UpdateAgent = z.output<typeof updateAgentInput>;

export const toggleAgentInput = z.object({ isActive: z.boolean({ message: "isActive deve ser verdadeiro ou falso" }) });
export type ToggleAgent = z.output<typeof toggleAgentInput>;

export const agentIdParam = z.object({ id: z.uuid({ message: "ID inválido" }) });
/** Input of every per-agent procedure (an integration card, the training list, the intents list). */
export const agentRef = z.object({ agentId: z.uuid({ message: "ID inválido" }) });

// ---------------------------------------------------------------- intents (SPEC §5 Intent, Webhook)

export const intentParamTypes = ["text", "number", "date", "email", "phone", "list", "boolean"] as const;
export const internalTools = ["calendar", "crm", "email", "knowledge_base", "dynamic_api"] as const;
export const webhookWhen = ["before_response", "after_response", "on_error"] as const;
export const httpMethods = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

export const intentParameter = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Nome do parâmetro é obrigatório")
    .max(50, "Nome do parâmetro deve ter no máximo 50 caracteres")
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "Nome do parâmetro deve ser um identificador (letras, números e _)"),
  type: z.enum(intentParamTypes, { message: "Tipo de parâmetro inválido" }),
  required: z.boolean().default(false),
  examples: z.array(z.string().trim().min(1).max(200)).max(5, "No máximo 5 exemplos por parâmetro").default([]),
  description: optional(paragraph(0, 200, { max: "Descrição do parâmetro deve ter no máximo 200 caracteres" })),
});

export const webhookConfig = z.object({
  url: httpUrl("URL inválida"),
  method: z.enum(httpMethods, { message: "Método HTTP deve ser GET, POST, PUT, DELETE ou PATCH" }).default("POST"),
  headers: z.record(z.string().max(100), z.string().max(2000)).default({}),
  timeout: z.number().int().min(1, "Timeout mínimo de 1 segundo").max(30, "Timeout máximo de 30 segundos").default(5),
  retries: z.number().int().min(0, "Tentativas mínimas: 0").max(5, "Tentativas máximas: 5").default(3),
  when: z.enum(webhookWhen, { message: "Momento do webhook inválido" }).default("before_response"),
  sendParameters: z.boolean().default(true),
  sendUserData: z.boolean().default(false),
});

const simpleResponseAction = z.object({
  type: z.literal("simple_response"),
  simpleResponse: paragraph(1, 1000, { min: "Resposta é obrigatória", max: "Resposta deve ter no máximo 1000 caracteres" }),
});
const internalToolAction = z.object({ type: z.literal("internal_tool"), internalTool: z.enum(internalTools, { message: "Ferramenta interna inválida" }) });

/** A stored action (header values sealed at rest) and, once opened by the runner, the one it calls with. */
export const intentAction = z.discriminatedUnion("type", [simpleResponseAction, z.object({ type: z.literal("webhook"), webhook: webhookConfig }), internalToolAction]);

/**
 * Header values are secrets the editor never receives back: a header sent with `null` keeps its
 * stored value, one left out is removed.
 */
export const webhookHeadersInput = z.record(z.string().trim().min(1, "Nome do cabeçalho é obrigatório").max(100), z.string().max(2000).nullable()).default({});
export const intentActionInput = z.discriminatedUnion("type", [
  simpleResponseAction,
  z.object({ type: z.literal("webhook"), webhook: webhookConfig.extend({ headers: webhookHeadersInput }) }),
  internalToolAction,
]);
/** What agents.intents.list shows of a header: its name, and whether a value is stored. */
export type PublicIntentHeader = { name: string; hasValue: boolean };

export const intentInput = z.object({
  name: line(2, 100, { min: "Nome deve ter pelo menos 2 caracteres", max: "Nome deve ter no máximo 100 caracteres" }),
  description: paragraph(10, 500, { min: "Descrição deve ter pelo menos 10 caracteres", max: "Descrição deve ter no máximo 500 caracteres" }),
  examples: z
    .array(line(1, 300, { min: "Exemplo não pode ser vazio", max: "Exemplo deve ter no máximo 300 caracteres" }))
    .min(1, "Adicione pelo menos 1 exemplo")
    .max(10, "No máximo 10 exemplos"),
  parameters: z.array(intentParameter).max(20, "No máximo 20 parâmetros").default([]),
  action: intentActionInput,
  responseTemplate: optional(paragraph(0, 1000, { max: "Modelo de resposta deve ter no máximo 1000 caracteres" })),
  isActive: z.boolean().default(true),
  priority: z.number().int().min(1, "Prioridade mínima 1").max(10, "Prioridade máxima 10").default(5),
});
export type IntentInput = z.input<typeof intentInput>;
export type IntentBody = z.output<typeof intentInput>;
export const intentRef = z.object({ agentId: z.uuid(), id: z.uuid() });
export const createIntentInput = z.object({ agentId: z.uuid(), intent: intentInput });
export const updateIntentInput = intentRef.extend({ intent: intentInput });
