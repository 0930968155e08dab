import { useQuery } from "@tanstack/react-query";
import { agentFields } from "../../../../../src/schemas/agents";
import { TextArea, TextInput } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { trpc } from "../../../../lib/trpc";
import { text, useSectionForm } from "../../hooks/use-section-form";
import { AgentSectionForm } from "../agent-section-form";
import { CustomSections } from "./custom-sections";
import type { SectionProps } from "./types";

const ADVANCED_MIN = "Personalidade avançada deve ter pelo menos 20 caracteres";

/** The contract, plus one rule of the mode: the advanced text is what drives an "avançado" agent. */
const schema = agentFields
  .pick({ personalityMode: true, personalityPreset: true, personalitySettings: true, customPersonalitySections: true, agentAudience: true, specialInstructions: true })
  .superRefine((v, ctx) => {
    if (v.personalityMode === "avancado" && !v.personalitySettings.advancedPersonality) {
      ctx.addIssue({ code: "custom", path: ["personalitySettings", "advancedPersonality"], message: ADVANCED_MIN });
    }
  });

type Mode = "simplificado" | "avancado";

/** Personalidade: a ready-made preset (editable) or a free text for advanced users. */
export function PersonalitySection({ agent, onDirtyChange }: SectionProps) {
  const p = agent.personalitySettings;
  const form = useSectionForm(schema, {
    personalityMode: agent.personalityMode as Mode,
    personalityPreset: text(agent.personalityPreset),
    personalitySettings: {
      agentRole: text(p.agentRole),
      agentFunction: text(p.agentFunction),
      agentPurpose: text(p.agentPurpose),
      responseStyle: text(p.responseStyle),
      restrictions: text(p.restrictions),
      customRules: text(p.customRules),
      advancedPersonality: text(p.advancedPersonality),
    },
    customPersonalitySections: agent.customPersonalitySections ?? [],
    agentAudience: text(agent.agentAudience),
    specialInstructions: text(agent.specialInstructions),
  });
  const presets = useQuery(trpc.agents.presets.queryOptions());
  const { values: v, set, setValues, errors } = form;
  const ps = v.personalitySettings;
  const setP = (key: keyof typeof ps, value: string) => set("personalitySettings", { ...ps, [key]: value });

  function applyPreset(key: string) {
    const preset = presets.data?.[key as keyof typeof presets.data];
    if (!preset) return;
    setValues((cur) => ({
      ...cur,
      personalityPreset: key,
      personalitySettings: {
        ...cur.personalitySettings,
        agentRole: preset.agentRole,
        agentFunction: preset.agentFunction,
        agentPurpose: preset.agentPurpose,
        responseStyle: preset.responseStyle,
      },
    }));
  }

  return (
    <AgentSectionForm agent={agent} form={form} onDirtyChange={onDirtyChange} title="Personalidade" description="Como o agente pensa e conversa. Comece por um modelo pronto e ajuste as frases, ou escreva tudo do seu jeito.">
      <div role="radiogroup" aria-label="Modo da personalidade" className="join w-full sm:w-auto">
        {(
          [
            ["simplificado", "Simplificado"],
            ["avancado", "Avançado"],
          ] as const
        ).map(([mode, label]) => (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={v.personalityMode === mode}
            className={`btn join-item btn-sm flex-1 sm:flex-none ${v.personalityMode === mode ? "btn-primary" : "btn-outline border-base-300"}`}
            onClick={() => set("personalityMode", mode)}
          >
            {label}
          </button>
        ))}
      </div>

      {v.personalityMode === "simplificado" ? (
        <>
          <div>
            <p className="mb-2 font-medium text-sm">Escolha um modelo de personalidade</p>
            <div className="grid gap-3 sm:grid-cols-2">
              {Object.entries(presets.data ?? {}).map(([key, preset]) => {
                const active = v.personalityPreset === key;
                return (
                  <button
                    key={key}
                    type="button"
                    aria-pressed={active}
                    onClick={() => applyPreset(key)}
                    className={`rounded-box border p-3 text-left transition ${active ? "border-primary bg-primary/5 ring-1 ring-primary" : "border-base-300 hover:border-primary/40"}`}
                  >
                    <span className="flex items-center gap-2 font-medium text-sm">
                      <Icon name="sparkles" className={`size-4 ${active ? "text-primary" : "text-base-content/40"}`} />
                      {preset.label}
                    </span>
                    <span className="mt-1 line-clamp-2 block text-base-content/60 text-xs">{preset.responseStyle}</span>
                  </button>
                );
              })}
            </div>
          </div>
          <div className="grid gap-4">
            <TextInput label="Papel do agente" value={ps.agentRole} onChange={(x) => setP("agentRole", x)} error={errors["personalitySettings.agentRole"]} max={500} placeholder="Ex.: Atendente da padaria" />
            <TextInput label="Função do agente" value={ps.agentFunction} onChange={(x) => setP("agentFunction", x)} error={errors["personalitySettings.agentFunction"]} max={500} placeholder="Ex.: Tirar dúvidas e anotar encomendas" />
            <TextInput label="Propósito do agente" value={ps.agentPurpose} onChange={(x) => setP("agentPurpose", x)} error={errors["personalitySettings.agentPurpose"]} max={500} placeholder="Ex.: Que o cliente saia com o pedido feito" />
            <TextArea label="Estilo de resposta" value={ps.responseStyle} onChange={(x) => setP("responseStyle", x)} error={errors["personalitySettings.responseStyle"]} max={500} rows={2} />
          </div>
        </>
      ) : (
        <>
        <TextArea
          label="Personalidade avançada"
          value={ps.advancedPersonality}
          onChange={(x) => setP("advancedPersonality", x)}
          error={errors["personalitySettings.advancedPersonality"]}
          max={5000}
          rows={10}
          placeholder="Descreva em detalhes quem é o agente, como fala, o que deve e o que não deve fazer…"
          hint="Entre 20 e 5.000 caracteres. Este texto substitui os campos do modo simplificado."
        />
        <CustomSections sections={v.customPersonalitySections} onChange={(x) => set("customPersonalitySections", x)} errors={errors} />
        </>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <TextArea label="Restrições" value={ps.restrictions} onChange={(x) => setP("restrictions", x)} error={errors["personalitySettings.restrictions"]} max={1000} rows={3} placeholder="Ex.: Nunca prometa descontos." />
        <TextArea label="Regras personalizadas" value={ps.customRules} onChange={(x) => setP("customRules", x)} error={errors["personalitySettings.customRules"]} max={1000} rows={3} placeholder="Ex.: Sempre peça o número do pedido." />
      </div>
      <TextArea label="Público atendido" value={v.agentAudience} onChange={(x) => set("agentAudience", x)} error={errors.agentAudience} max={1000} rows={2} placeholder="Ex.: Clientes da loja física e do site, de todas as idades." />
      <TextArea
        label="Instruções especiais"
        value={v.specialInstructions}
        onChange={(x) => set("specialInstructions", x)}
        error={errors.specialInstructions}
        max={2000}
        rows={3}
        hint="Informações que o agente deve sempre levar em conta; também são usadas no modo offline."
      />
    </AgentSectionForm>
  );
}
