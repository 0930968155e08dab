import { agentFields } from "../../../../../src/schemas/agents";
import { Icon } from "../../../../components/ui/icons";
import { TagInput } from "../../../../components/ui/tag-input";
import { useToast } from "../../../../components/ui/toast";
import { copyText } from "../../../../lib/clipboard";
import { useToggleAgent } from "../../hooks/use-agents";
import { useSectionForm } from "../../hooks/use-section-form";
import { AgentSectionForm } from "../agent-section-form";
import type { SectionProps } from "./types";
import { WidgetSnippet } from "./widget-snippet";

const schema = agentFields.pick({ allowedDomains: true });

export const publicChatUrl = (id: string) => `${window.location.origin}/chat/${id}`;

/** Publicação: the public link anyone can open, and where the chat may be embedded. */
export function PublishSection({ agent, onDirtyChange }: SectionProps) {
  const form = useSectionForm(schema, { allowedDomains: agent.allowedDomains });
  const toggle = useToggleAgent();
  const toast = useToast();
  const url = publicChatUrl(agent.id);
  const domainError = Object.entries(form.errors).find(([k]) => k.startsWith("allowedDomains"))?.[1];

  return (
    <AgentSectionForm agent={agent} form={form} onDirtyChange={onDirtyChange} title="Publicação" description="O link público do chat com o agente e os sites onde ele pode ser incorporado.">
      <div>
        <p className="mb-1 font-medium text-sm">Link público do chat</p>
        <div className="join w-full">
          <input className="input join-item w-full font-mono text-sm" value={url} readOnly aria-label="Link público do chat" onFocus={(e) => e.target.select()} />
          <button
            type="button"
            className="btn join-item"
            onClick={async () => {
              const ok = await copyText(url);
              toast(ok ? { title: "Link copiado!" } : { variant: "destructive", title: "Não foi possível copiar o link" });
            }}
          >
            <Icon name="copy" className="size-4" />
            Copiar link
          </button>
          <a className="btn btn-primary join-item" href={`/chat/${agent.id}`} target="_blank" rel="noopener noreferrer">
            <Icon name="external" className="size-4" />
            Abrir chat
          </a>
        </div>
        <p className="mt-1 text-base-content/60 text-xs">Qualquer pessoa com o link pode conversar com o agente, sem login.</p>
      </div>

      <WidgetSnippet agentId={agent.id} allowedDomains={agent.allowedDomains} />

      {!agent.isActive && (
        <div role="status" className="alert alert-warning alert-soft">
          <span className="text-sm">O agente está inativo: quem abrir o link verá “Agente não encontrado”.</span>
          <button type="button" className="btn btn-sm" disabled={toggle.isPending} onClick={() => toggle.mutate({ id: agent.id, isActive: true })}>
            Ativar agente
          </button>
        </div>
      )}

      <TagInput
        label="Domínios permitidos"
        values={form.values.allowedDomains}
        onChange={(x) => form.set("allowedDomains", x)}
        error={domainError}
        itemSchema={agentFields.shape.allowedDomains.element}
        max={50}
        placeholder="minhaloja.com.br"
        hint="Sites onde o widget pode ser incorporado: cada domínio vale também para os subdomínios (*.dominio: só subdomínios). Vazio: qualquer site. O link acima continua público."
      />
    </AgentSectionForm>
  );
}
