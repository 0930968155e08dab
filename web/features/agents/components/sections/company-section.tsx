import { agentFields } from "../../../../../src/schemas/agents";
import { TextArea, TextInput } from "../../../../components/ui/fields";
import { text, useSectionForm } from "../../hooks/use-section-form";
import { AgentSectionForm } from "../agent-section-form";
import type { SectionProps } from "./types";

const schema = agentFields.pick({ companyName: true, companyWebsite: true, companySegment: true, companyDetails: true });

/** Empresa: what the agent knows about the business it answers for. */
export function CompanySection({ agent, onDirtyChange }: SectionProps) {
  const form = useSectionForm(schema, {
    companyName: text(agent.companyName),
    companyWebsite: text(agent.companyWebsite),
    companySegment: text(agent.companySegment),
    companyDetails: text(agent.companyDetails),
  });
  const { values: v, set, errors } = form;

  return (
    <AgentSectionForm agent={agent} form={form} onDirtyChange={onDirtyChange} title="Empresa" description="Conte ao agente sobre o seu negócio. Ele usa estas informações para responder aos clientes.">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Nome da empresa" value={v.companyName} onChange={(x) => set("companyName", x)} error={errors.companyName} max={200} />
        <TextInput label="Segmento" value={v.companySegment} onChange={(x) => set("companySegment", x)} error={errors.companySegment} max={100} placeholder="Ex.: Padaria, Clínica, Loja de roupas" />
      </div>
      <TextInput label="Site da empresa" value={v.companyWebsite} onChange={(x) => set("companyWebsite", x)} error={errors.companyWebsite} placeholder="https://www.suaempresa.com.br" />
      <TextArea
        label="Detalhes da empresa"
        value={v.companyDetails}
        onChange={(x) => set("companyDetails", x)}
        error={errors.companyDetails}
        max={2000}
        rows={8}
        placeholder="Horário de funcionamento, endereço, formas de pagamento, prazos de entrega, políticas de troca…"
        hint="Escreva frases completas: sem um provedor de IA configurado, o agente responde citando estas frases."
      />
    </AgentSectionForm>
  );
}
