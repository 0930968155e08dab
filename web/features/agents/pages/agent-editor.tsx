import { useQuery } from "@tanstack/react-query";
import { type ComponentType, useCallback, useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { AgentAvatar } from "../../../components/ui/avatar";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Icon, type IconName } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { AiFeaturesSection } from "../../feedback/components/ai-features-section";
import { PreviewPanel } from "../components/preview-panel";
import { ChannelsSection } from "../components/sections/channels-section";
import { CompanySection } from "../components/sections/company-section";
import { ConversationSection } from "../components/sections/conversation-section";
import { DynamicApiSection } from "../components/sections/dynamic-api-section";
import { IntegrationsSection } from "../components/sections/integrations-section";
import { IntentsSection } from "../components/sections/intents-section";
import { MessagesSection } from "../components/sections/messages-section";
import { ModelSection } from "../components/sections/model-section";
import { PersonalitySection } from "../components/sections/personality-section";
import { ProfileSection } from "../components/sections/profile-section";
import { PublishSection } from "../components/sections/publish-section";
import { TrainingSection } from "../components/sections/training-section";
import type { SectionProps } from "../components/sections/types";
import { useUnsavedGuard } from "../../../lib/use-unsaved-guard";

/**
 * ownState: the section's cards load and save their own data, so a change to the agent (say, the
 * Agendor card turning on the agent's auto-add setting) must not re-open it and drop the other
 * cards' unsaved edits and "Salvo" marks.
 */
type SectionDef = { id: string; label: string; icon: IconName; hint: string; component: ComponentType<SectionProps>; ownState?: boolean };

const SECTIONS: SectionDef[] = [
  { id: "perfil", label: "Perfil", icon: "user", hint: "Nome, foto e tom", component: ProfileSection },
  { id: "personalidade", label: "Personalidade", icon: "sparkles", hint: "Jeito de conversar", component: PersonalitySection },
  { id: "empresa", label: "Empresa", icon: "building", hint: "Sobre o seu negócio", component: CompanySection },
  { id: "treinamentos", label: "Treinamentos", icon: "academy", hint: "Textos, sites, documentos e vídeos", component: TrainingSection },
  { id: "mensagens", label: "Mensagens", icon: "message", hint: "Textos prontos e palavras proibidas", component: MessagesSection },
  { id: "conversa", label: "Conversa", icon: "sliders", hint: "Ritmo, limites e follow-up", component: ConversationSection },
  { id: "intencoes", label: "Intenções", icon: "target", hint: "Pedidos frequentes", component: IntentsSection },
  { id: "api-dinamica", label: "API dinâmica", icon: "link", hint: "APIs do seu negócio", component: DynamicApiSection },
  { id: "integracoes", label: "Integrações", icon: "plug", hint: "Agenda, CRM, loja e mais", component: IntegrationsSection, ownState: true },
  { id: "modelo", label: "Modelo", icon: "cpu", hint: "Inteligência artificial", component: ModelSection },
  { id: "recursos-ia", label: "Recursos de IA", icon: "sparkles", hint: "Sentimento, memória e resumos", component: AiFeaturesSection, ownState: true },
  { id: "publicacao", label: "Publicação", icon: "globe", hint: "Link público e domínios", component: PublishSection },
  { id: "canais", label: "Canais", icon: "network", hint: "WhatsApp e outros canais", component: ChannelsSection },
];

const sectionFromHash = () => SECTIONS.find((s) => `#${s.id}` === window.location.hash)?.id ?? "perfil";

/** /agent/{agentId}: the editor, one section at a time, each saved on its own. */
export default function AgentEditorPage() {
  const { agentId = "" } = useParams<{ agentId: string }>();
  const agent = useQuery(trpc.agents.get.queryOptions({ id: agentId }, { retry: false }));
  const [section, setSection] = useState(sectionFromHash);
  const [dirty, setDirty] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const guard = useUnsavedGuard(dirty);
  const onDirtyChange = useCallback((d: boolean) => setDirty(d), []);

  // A link to another section (#empresa…) opens it; the nav itself uses replaceState, not this.
  useEffect(() => {
    const onHash = () => setSection(sectionFromHash());
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  const open = (id: string) => {
    if (id === section) return;
    guard.confirm(() => {
      setDirty(false);
      setSection(id);
      window.history.replaceState(window.history.state, "", `#${id}`);
    });
  };

  if (agent.isPending) {
    return (
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <Skeleton className="h-16 w-80" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (agent.isError) {
    return (
      <div className="mx-auto max-w-xl rounded-box border border-base-300 bg-base-100 p-8 text-center">
        <h1 className="font-semibold text-xl">Agente não encontrado</h1>
        <p className="mt-2 text-base-content/70 text-sm">{trpcErrorMessage(agent.error, "Não foi possível carregar o agente.")}</p>
        <Link href="/agents" className="btn btn-primary mt-4">
          Voltar para Meus Agentes
        </Link>
      </div>
    );
  }

  const a = agent.data;
  const current = SECTIONS.find((s) => s.id === section) ?? SECTIONS[0];
  const Section = current?.component ?? ProfileSection;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-center gap-4">
        <Link href="/agents" className="btn btn-ghost btn-sm btn-square" aria-label="Voltar para Meus Agentes">
          <Icon name="chevronLeft" className="size-5" />
        </Link>
        <AgentAvatar name={a.name} url={a.avatarUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <p className="text-base-content/60 text-sm">Editar agente</p>
          <h1 className="truncate font-semibold text-2xl">{a.name}</h1>
        </div>
        {a.adminBlockedAt !== null ? (
          <span className="badge badge-error badge-soft">Desativado pela administração</span>
        ) : (
          <span className={`badge ${a.isActive ? "badge-success badge-soft" : "badge-ghost"}`}>{a.isActive ? "Ativo" : "Inativo"}</span>
        )}
        <Link href={`/agent/${a.id}/feedback`} className="btn btn-ghost btn-sm">
          <Icon name="thumbUp" className="size-4" />
          Feedback
        </Link>
        <a href={`/chat/${a.id}`} target="_blank" rel="noopener noreferrer" className="btn btn-outline btn-sm">
          <Icon name="external" className="size-4" />
          Chat público
        </a>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setPreviewOpen(true)}>
          <Icon name="play" className="size-4" />
          Testar agente
        </button>
      </div>
      {a.adminBlockedAt !== null && (
        <div role="alert" className="alert alert-error alert-soft">
          Este agente foi desativado pela administração da plataforma{a.adminBlockedReason ? ` (motivo: ${a.adminBlockedReason})` : ""} e não responde ninguém. Fale com o suporte para
          reativá-lo.
        </div>
      )}

      {/* grid-cols-1 (minmax(0, 1fr)), not an auto track: the section strip scrolls inside itself on
          narrow screens and at 200 % zoom instead of widening the page (WCAG 1.4.10). */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="Seções do agente" className="min-w-0 lg:sticky lg:top-20 lg:self-start">
          <ul className="flex gap-1 overflow-x-auto rounded-box border border-base-300 bg-base-100 p-2 lg:flex-col">
            {SECTIONS.map((s) => {
              const active = s.id === section;
              return (
                <li key={s.id} className="shrink-0">
                  <button
                    type="button"
                    aria-current={active ? "page" : undefined}
                    onClick={() => open(s.id)}
                    className={`flex w-full items-center gap-3 rounded-field px-3 py-2 text-left transition ${active ? "bg-primary/10 text-primary" : "hover:bg-base-200"}`}
                  >
                    <Icon name={s.icon} className="size-5 shrink-0" />
                    <span className="min-w-0">
                      <span className="block font-medium text-sm">{s.label}</span>
                      <span className="hidden truncate text-base-content/50 text-xs lg:block">{s.hint}</span>
                    </span>
                    {active && dirty && <span className="ml-auto size-2 shrink-0 rounded-full bg-warning" title="Alterações não salvas" />}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="min-w-0">
          {/* Re-keyed on every save: the section re-opens from what the server stored. */}
          <Section key={current?.ownState ? section : `${section}:${a.updatedAt}`} agent={a} onDirtyChange={onDirtyChange} />
        </div>
      </div>

      <PreviewPanel agent={a} open={previewOpen} onClose={() => setPreviewOpen(false)} />
      <ConfirmDialog
        open={guard.dialog.open}
        title="Alterações não salvas"
        description="Você fez alterações nesta seção que ainda não foram salvas. Se sair agora, elas serão perdidas."
        confirmLabel="Descartar alterações"
        cancelLabel="Continuar editando"
        onConfirm={guard.dialog.onConfirm}
        onCancel={guard.dialog.onCancel}
      />
    </div>
  );
}
