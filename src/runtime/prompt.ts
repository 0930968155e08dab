import type { agents } from "../../db/schema";
import { personalityPresets } from "../schemas/agents";
import { agentValues, dateTimeValues, hasPlaceholders, renderTemplate } from "../schemas/crm/template";
import { SYSTEM_VARIABLES, isContactVariable } from "../schemas/crm/variables";

export type AgentRow = typeof agents.$inferSelect;

/** Intl formatters are costly to build (it showed in bench/chat.ts); keep one per time zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("pt-BR", { timeZone, dateStyle: "full", timeStyle: "short" });
    } catch {
      f = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "full", timeStyle: "short" });
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** The prompt's clock shows minutes: formatted once per time zone and minute, not per turn. */
const clocks = new Map<string, { minute: number; text: string }>();
function clockText(timeZone: string, now: Date) {
  const minute = Math.floor(now.getTime() / 60_000);
  const hit = clocks.get(timeZone);
  if (hit?.minute === minute) return hit.text;
  const text = formatterFor(timeZone).format(now);
  clocks.set(timeZone, { minute, text });
  return text;
}

/** The customer's data never enters the system prompt: their variables become "[nome do cliente]" for the model to fill. */
const CUSTOMER_SLOTS: Record<string, string> = Object.fromEntries(
  SYSTEM_VARIABLES.filter((v) => isContactVariable(v.name)).map((v) => [v.name, `[${v.displayName.toLowerCase()} do cliente]`]),
);
function greetingForPrompt(agent: AgentRow, now?: Date): string {
  const greeting = agent.greetingMessage ?? "";
  return hasPlaceholders(greeting) ? renderTemplate(greeting, { ...CUSTOMER_SLOTS, ...dateTimeValues(now), ...agentValues(agent) }) : greeting;
}

const section = (title: string, body: string | null | undefined) => (body?.trim() ? `## ${title}\n${body.trim()}` : null);

/**
 * The system prompt of one turn: the admin's platform prompt, then what the owner wrote about the
 * agent (identity, personality, company, restrictions, avoided themes, emoji use, greeting).
 * Customer text never enters this string; it goes in user messages only.
 */
export function buildSystemPrompt(platformPrompt: string, agent: AgentRow, extra: { knowledge?: string | null; now?: Date } = {}) {
  const p = agent.personalitySettings ?? {};
  const preset = agent.personalityMode === "simplificado" && agent.personalityPreset ? personalityPresets[agent.personalityPreset as keyof typeof personalityPresets] : null;
  const settings = agent.conversationSettings;
  const identity = [
    `Seu nome é ${agent.name}.`,
    agent.activity ? `Sua atividade: ${agent.activity}.` : null,
    agent.description ? `Descrição: ${agent.description}` : null,
    agent.voiceTone ? `Tom de voz: ${agent.voiceTone}.` : null,
  ]
    .filter(Boolean)
    .join("\n");
  const personality =
    agent.personalityMode === "avancado"
      ? [p.advancedPersonality, ...agent.customPersonalitySections.map((s) => `${s.title}: ${s.content}`)].filter(Boolean).join("\n")
      : [
          (p.agentRole ?? preset?.agentRole) && `Papel: ${p.agentRole ?? preset?.agentRole}`,
          (p.agentFunction ?? preset?.agentFunction) && `Função: ${p.agentFunction ?? preset?.agentFunction}`,
          (p.agentPurpose ?? preset?.agentPurpose) && `Propósito: ${p.agentPurpose ?? preset?.agentPurpose}`,
          (p.responseStyle ?? preset?.responseStyle) && `Estilo de resposta: ${p.responseStyle ?? preset?.responseStyle}`,
          agent.personality,
        ]
          .filter(Boolean)
          .join("\n");
  const company = [
    agent.companyName && `Empresa: ${agent.companyName}`,
    agent.companySegment && `Segmento: ${agent.companySegment}`,
    agent.companyWebsite && `Site: ${agent.companyWebsite}`,
    agent.companyDetails,
  ]
    .filter(Boolean)
    .join("\n");
  const rules = [
    agent.agentMission && `Missão: ${agent.agentMission}`,
    agent.agentAudience && `Público: ${agent.agentAudience}`,
    agent.specialInstructions,
    p.restrictions && `Restrições: ${p.restrictions}`,
    p.customRules && `Regras: ${p.customRules}`,
    agent.avoidedThemes.length ? `Não fale sobre estes temas (recuse com educação): ${agent.avoidedThemes.join(", ")}.` : null,
    agent.avoidedWords.length ? `Nunca use estas palavras: ${agent.avoidedWords.join(", ")}.` : null,
    settings.restrictTopics ? "Mantenha a conversa nos assuntos da empresa; recuse com educação pedidos fora desse escopo." : null,
    settings.useEmojis ? "Você pode usar emojis com moderação." : "Não use emojis.",
    agent.unknownResponseMessage ? `Quando não souber, responda exatamente: "${agent.unknownResponseMessage}"` : null,
    agent.greetingMessage ? `Ao cumprimentar pela primeira vez, use: "${greetingForPrompt(agent, extra.now)}"` : null,
  ]
    .filter(Boolean)
    .join("\n");
  const when = `Data e hora atuais: ${clockText(settings.timezone || "America/Sao_Paulo", extra.now ?? new Date())}.`;
  return [
    platformPrompt.trim(),
    section("Quem você é", identity),
    section("Personalidade", personality),
    section("Sobre a empresa", company),
    section("Regras", rules),
    section("Conhecimento da empresa (use para responder)", extra.knowledge),
    when,
  ]
    .filter(Boolean)
    .join("\n\n");
}
