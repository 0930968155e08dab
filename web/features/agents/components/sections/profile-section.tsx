import { agentFields } from "../../../../../src/schemas/agents";
import { AgentAvatar } from "../../../../components/ui/avatar";
import { TextArea, TextInput } from "../../../../components/ui/fields";
import { text, useSectionForm } from "../../hooks/use-section-form";
import { AgentSectionForm } from "../agent-section-form";
import type { SectionProps } from "./types";

const schema = agentFields.pick({ name: true, activity: true, avatarUrl: true, description: true, voiceTone: true });

/** Perfil: who the agent is to the customer (name, activity, picture, description, tone). */
export function ProfileSection({ agent, onDirtyChange }: SectionProps) {
  const form = useSectionForm(schema, {
    name: agent.name,
    activity: text(agent.activity),
    avatarUrl: text(agent.avatarUrl),
    description: text(agent.description),
    voiceTone: text(agent.voiceTone),
  });
  const { values: v, set, errors } = form;

  return (
    <AgentSectionForm agent={agent} form={form} onDirtyChange={onDirtyChange} title="Perfil" description="Como o agente se apresenta aos clientes: nome, atividade, foto e tom de voz.">
      <div className="flex items-center gap-4 rounded-box bg-base-200 p-4">
        <AgentAvatar name={v.name || "Agente"} url={errors.avatarUrl ? null : v.avatarUrl} size="xl" />
        <div className="min-w-0">
          <p className="truncate font-semibold">{v.name || "Agente de IA"}</p>
          <p className="truncate text-base-content/60 text-sm">{v.activity || "Assistente virtual"}</p>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Nome do agente" value={v.name} onChange={(x) => set("name", x)} error={errors.name} max={100} />
        <TextInput
          label="Atividade"
          value={v.activity}
          onChange={(x) => set("activity", x)}
          error={errors.activity}
          max={100}
          placeholder="Ex.: Atendimento da loja"
        />
      </div>
      <TextInput
        label="Foto (URL da imagem)"
        value={v.avatarUrl}
        onChange={(x) => set("avatarUrl", x)}
        error={errors.avatarUrl}
        placeholder="https://…/foto.png"
        hint="Deixe em branco para mostrar a primeira letra do nome."
      />
      <TextArea
        label="Descrição"
        value={v.description}
        onChange={(x) => set("description", x)}
        error={errors.description}
        max={500}
        placeholder="O que este agente faz e para quem."
        hint="O agente também usa este texto para responder."
      />
      <TextInput
        label="Tom de voz"
        value={v.voiceTone}
        onChange={(x) => set("voiceTone", x)}
        error={errors.voiceTone}
        max={50}
        placeholder="Ex.: simpático e direto"
      />
    </AgentSectionForm>
  );
}
