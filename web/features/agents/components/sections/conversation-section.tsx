import { actionOnLimitOptions, agentFields, maxInteractionOptions } from "../../../../../src/schemas/agents";
import { NumberInput, SelectInput, ToggleRow } from "../../../../components/ui/fields";
import { useSectionForm } from "../../hooks/use-section-form";
import { AgentSectionForm } from "../agent-section-form";
import { FollowUpSteps } from "./follow-up-steps";
import type { SectionProps } from "./types";

const schema = agentFields.pick({ conversationSettings: true });

const TIMEZONES = [
  ["America/Sao_Paulo", "Brasília / São Paulo (GMT-3)"],
  ["America/Manaus", "Manaus (GMT-4)"],
  ["America/Cuiaba", "Cuiabá (GMT-4)"],
  ["America/Porto_Velho", "Porto Velho (GMT-4)"],
  ["America/Boa_Vista", "Boa Vista (GMT-4)"],
  ["America/Rio_Branco", "Rio Branco (GMT-5)"],
  ["America/Noronha", "Fernando de Noronha (GMT-2)"],
] as const;

/** Conversa: every conversation setting, shown with the values the server stored (§9 defaults). */
export function ConversationSection({ agent, onDirtyChange }: SectionProps) {
  const cs = agent.conversationSettings;
  const form = useSectionForm(schema, {
    conversationSettings: {
      ...cs,
      followUpSettings: cs.followUpSettings.map((s) => ({ ...s, transferWhatsappNumber: s.transferWhatsappNumber ?? "" })),
    },
  });
  const c = form.values.conversationSettings;
  const errors = form.errors;
  const set = <K extends keyof typeof c>(key: K, value: (typeof c)[K]) => form.set("conversationSettings", { ...c, [key]: value });
  const err = (key: string) => errors[`conversationSettings.${key}`];
  const timezones = TIMEZONES.some(([tz]) => tz === c.timezone) ? TIMEZONES : ([[c.timezone, c.timezone], ...TIMEZONES] as const);

  return (
    <AgentSectionForm agent={agent} form={form} onDirtyChange={onDirtyChange} title="Conversa" description="Como o agente conduz cada atendimento: ritmo, limites e o que fazer quando o cliente some.">
      <div className="divide-y divide-base-300 rounded-box border border-base-300 px-4">
        <ToggleRow label="Usar emojis" description="O agente pode usar emojis nas respostas." checked={c.useEmojis} onChange={(x) => set("useEmojis", x)} />
        <ToggleRow label="Restringir aos assuntos da empresa" description="O agente recusa conversas que não têm a ver com o seu negócio." checked={c.restrictTopics} onChange={(x) => set("restrictTopics", x)} />
        <ToggleRow label="Dividir mensagens longas" description="Respostas grandes chegam em partes menores nos canais de mensagem." checked={c.splitLongMessages} onChange={(x) => set("splitLongMessages", x)} />
        <ToggleRow label="Permitir lembretes" description="O agente pode combinar de lembrar o cliente de algo." checked={c.allowReminders} onChange={(x) => set("allowReminders", x)} />
        <ToggleRow label="Pesquisar na web" description="Busca informações atuais na internet quando a pesquisa web estiver configurada." checked={c.webSearch} onChange={(x) => set("webSearch", x)} />
        <ToggleRow label="Adicionar ao funil automaticamente" description="Cada novo cliente atendido entra no funil de vendas." checked={c.autoAddToFunnel} onChange={(x) => set("autoAddToFunnel", x)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberInput
          label="Tempo de resposta"
          suffix="segundos"
          min={0}
          max={120}
          value={c.responseTime}
          onChange={(x) => set("responseTime", x)}
          error={err("responseTime")}
          hint="Espera antes de responder, para juntar mensagens seguidas do cliente."
        />
        <SelectInput
          label="Fuso horário"
          value={c.timezone}
          onChange={(x) => set("timezone", x)}
          options={timezones.map(([value, label]) => ({ value, label }))}
          error={err("timezone")}
        />
        <SelectInput
          label="Limite de interações por atendimento"
          value={c.maxInteractionsPerService}
          onChange={(x) => set("maxInteractionsPerService", x)}
          options={maxInteractionOptions.map((o) => ({ value: o, label: o }))}
          error={err("maxInteractionsPerService")}
        />
        <SelectInput
          label="Ao atingir o limite"
          value={c.actionOnLimit}
          onChange={(x) => set("actionOnLimit", x)}
          options={actionOnLimitOptions.map((o) => ({ value: o, label: o }))}
          error={err("actionOnLimit")}
        />
      </div>
      <FollowUpSteps
        steps={c.followUpSettings}
        onChange={(steps) => set("followUpSettings", steps)}
        errors={errors}
        errorPrefix="conversationSettings.followUpSettings"
      />
      <p className="text-base-content/50 text-xs">
        O chat do site já respeita os emojis e a restrição de assuntos. Os demais ajustes (tempo de resposta, limites, lembretes, divisão de
        mensagens, follow-up, pesquisa web e funil) passam a agir com os canais de mensagem e as integrações, nas próximas etapas; os valores
        ficam salvos desde já.
      </p>
    </AgentSectionForm>
  );
}
