import { agentFields } from "../../../../../src/schemas/agents";
import { TextArea, ToggleRow } from "../../../../components/ui/fields";
import { TagInput } from "../../../../components/ui/tag-input";
import { text, useSectionForm } from "../../hooks/use-section-form";
import { AgentSectionForm } from "../agent-section-form";
import type { SectionProps } from "./types";
import { VARIABLES_HINT } from "../../../../../src/schemas/crm/template";

const schema = agentFields.pick({
  greetingMessage: true,
  unknownResponseMessage: true,
  errorResponseMessage: true,
  enableCustomErrorResponses: true,
  avoidedThemes: true,
  avoidedWords: true,
});
const wordItem = agentFields.shape.avoidedWords.element;
const themeItem = agentFields.shape.avoidedThemes.element;

/** Mensagens: fixed texts (greeting, "não sei", error) and what the agent must never say. */
export function MessagesSection({ agent, onDirtyChange }: SectionProps) {
  const form = useSectionForm(schema, {
    greetingMessage: text(agent.greetingMessage),
    unknownResponseMessage: text(agent.unknownResponseMessage),
    errorResponseMessage: text(agent.errorResponseMessage),
    enableCustomErrorResponses: agent.enableCustomErrorResponses,
    avoidedThemes: agent.avoidedThemes,
    avoidedWords: agent.avoidedWords,
  });
  const { values: v, set, errors } = form;
  const listError = (key: string) => Object.entries(errors).find(([k]) => k === key || k.startsWith(`${key}.`))?.[1];

  return (
    <AgentSectionForm agent={agent} form={form} onDirtyChange={onDirtyChange} title="Mensagens" description="Textos prontos que o agente usa em momentos específicos e o que ele nunca deve dizer.">
      <TextArea
        label="Mensagem de saudação"
        value={v.greetingMessage}
        onChange={(x) => set("greetingMessage", x)}
        error={errors.greetingMessage}
        max={1000}
        rows={2}
        placeholder="Ex.: Olá! Sou a assistente da Padaria Pão Quente. Em que posso ajudar?"
        hint={`Usada quando o cliente apenas cumprimenta. ${VARIABLES_HINT}`}
      />
      <TextArea
        label="Quando o agente não souber a resposta"
        value={v.unknownResponseMessage}
        onChange={(x) => set("unknownResponseMessage", x)}
        error={errors.unknownResponseMessage}
        max={1000}
        rows={2}
        placeholder="Ex.: Não tenho essa informação agora, mas posso pedir para alguém da equipe falar com você."
      />
      <div className="rounded-box border border-base-300 px-4">
        <ToggleRow
          label="Usar mensagem de erro personalizada"
          description="Quando algo falhar (por exemplo, o provedor de IA fora do ar), o cliente recebe o texto abaixo."
          checked={v.enableCustomErrorResponses}
          onChange={(x) => set("enableCustomErrorResponses", x)}
        />
        {v.enableCustomErrorResponses && (
          <TextArea
            className="pb-4"
            label="Mensagem de erro"
            value={v.errorResponseMessage}
            onChange={(x) => set("errorResponseMessage", x)}
            error={errors.errorResponseMessage}
            max={1000}
            rows={2}
            placeholder="Ex.: Tive um problema para responder agora. Pode tentar de novo em instantes?"
          />
        )}
      </div>
      <TagInput
        label="Temas evitados"
        values={v.avoidedThemes}
        onChange={(x) => set("avoidedThemes", x)}
        error={listError("avoidedThemes")}
        itemSchema={themeItem}
        max={100}
        placeholder="Ex.: política, concorrentes"
        hint="Assuntos que o agente não deve discutir. Digite e pressione Enter."
      />
      <TagInput
        label="Palavras evitadas"
        values={v.avoidedWords}
        onChange={(x) => set("avoidedWords", x)}
        error={listError("avoidedWords")}
        itemSchema={wordItem}
        max={100}
        placeholder="Ex.: barato, grátis"
        hint="Estas palavras são removidas de todas as respostas. Digite e pressione Enter."
      />
    </AgentSectionForm>
  );
}
