import { useCallback, useMemo, useState } from "react";
import { Icon, type IconName } from "../../../../components/ui/icons";
import { useAgentPermissions } from "../../hooks/use-agents";
import { CacheCard } from "../training/cache-card";
import { DocumentForm } from "../training/document-form";
import { SourceList } from "../training/source-list";
import { TextForm } from "../training/text-form";
import { VideoForm } from "../training/video-form";
import { WebsiteForm } from "../training/website-form";
import { type SectionProps, useReportDirty } from "./types";
import { TRAINING_DENIED } from "../../../../../src/schemas/permissions";

type Tab = "text" | "website" | "document" | "video";
const TABS: { id: Tab; label: string; icon: IconName; hint: string }[] = [
  { id: "text", label: "Textos", icon: "fileText", hint: "Escreva perguntas frequentes, políticas, preços…" },
  { id: "website", label: "Sites", icon: "globe", hint: "O agente lê as páginas do seu site." },
  { id: "document", label: "Documentos", icon: "paperclip", hint: "Catálogos, manuais e tabelas em arquivo." },
  { id: "video", label: "Vídeos", icon: "video", hint: "Aprende com o que é dito em vídeos do YouTube, Vimeo ou Dailymotion." },
];

/** Treinamentos: what the agent knows beyond its profile, added as texts, sites, documents and videos. */
export function TrainingSection({ agent, onDirtyChange }: SectionProps) {
  const [tab, setTab] = useState<Tab>("text");
  const perms = useAgentPermissions();
  const disabled = perms.loaded && !perms.canEdit;
  // Every tab stays mounted (a draft survives switching tabs); the editor's guard hears any of them.
  const [dirtyTabs, setDirtyTabs] = useState<Record<Tab, boolean>>({ text: false, website: false, document: false, video: false });
  useReportDirty(Object.values(dirtyTabs).some(Boolean), onDirtyChange);
  const reportFor = useCallback((t: Tab) => (d: boolean) => setDirtyTabs((cur) => (cur[t] === d ? cur : { ...cur, [t]: d })), []);
  const reporters = useMemo(() => ({ text: reportFor("text"), website: reportFor("website"), document: reportFor("document"), video: reportFor("video") }), [reportFor]);
  const current = TABS.find((t) => t.id === tab) ?? TABS[0];

  return (
    <section aria-label="Treinamentos" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-6">
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-64 flex-1">
            <h2 className="card-title text-lg">Treinamentos</h2>
            <p className="text-base-content/60 text-sm">
              Ensine ao agente o que o seu negócio sabe. Ele consulta estes conteúdos para responder aos clientes e diz de onde tirou a resposta.
            </p>
          </div>
          <CacheCard agentId={agent.id} />
        </header>

        {disabled && (
          <div role="status" className="alert alert-warning alert-soft text-sm">
            <Icon name="info" className="size-5 shrink-0" />
            <span>{`${TRAINING_DENIED}. Peça a um administrador do workspace.`}</span>
          </div>
        )}

        <div className="rounded-box border border-base-300">
          <div role="tablist" aria-label="Tipo de conteúdo" className="flex overflow-x-auto border-base-300 border-b">
            {TABS.map((t) => {
              const active = t.id === tab;
              return (
                <button
                  key={t.id}
                  type="button"
                  role="tab"
                  id={`training-tab-${t.id}`}
                  aria-selected={active}
                  aria-controls={`training-panel-${t.id}`}
                  onClick={() => setTab(t.id)}
                  className={`-mb-px flex shrink-0 items-center gap-2 border-b-2 px-4 py-3 font-medium text-sm transition ${
                    active ? "border-primary text-primary" : "border-transparent text-base-content/70 hover:text-base-content"
                  }`}
                >
                  <Icon name={t.icon} className="size-4" />
                  {t.label}
                  {dirtyTabs[t.id] && <span className="size-1.5 rounded-full bg-warning" title="Rascunho não adicionado" />}
                </button>
              );
            })}
          </div>
          <div className="p-4">
            <p className="mb-4 text-base-content/60 text-sm">{current?.hint}</p>
            {TABS.map((t) => (
              <div key={t.id} role="tabpanel" id={`training-panel-${t.id}`} aria-labelledby={`training-tab-${t.id}`} hidden={t.id !== tab}>
                {t.id === "text" && <TextForm agentId={agent.id} disabled={disabled} onDirtyChange={reporters.text} />}
                {t.id === "website" && <WebsiteForm agentId={agent.id} disabled={disabled} onDirtyChange={reporters.website} />}
                {t.id === "document" && <DocumentForm agentId={agent.id} disabled={disabled} onDirtyChange={reporters.document} />}
                {t.id === "video" && <VideoForm agentId={agent.id} disabled={disabled} onDirtyChange={reporters.video} />}
              </div>
            ))}
          </div>
        </div>

        <SourceList agentId={agent.id} canEdit={!disabled} />
      </div>
    </section>
  );
}
