import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useRef } from "react";
import { Icon } from "../../../../components/ui/icons";
import { trpc } from "../../../../lib/trpc";
import { useAgentPermissions } from "../../hooks/use-agents";
import { AgendorCard } from "../integrations/agendor-card";
import { CalendarCard } from "../integrations/calendar-card";
import { EmailCard } from "../integrations/email-card";
import { N8nCard } from "../integrations/n8n-card";
import { NotionCard } from "../integrations/notion-card";
import { NuvemshopCard } from "../integrations/nuvemshop-card";
import type { IntegrationCardProps } from "../integrations/types";
import { WebSearchCard } from "../integrations/web-search-card";
import type { SectionProps } from "./types";
import { PERMISSION_DENIED } from "../../../../../src/schemas/permissions";

/** Every integration card, in the order a business usually sets them up. */
const CARDS: { id: string; label: string; Card: (props: IntegrationCardProps) => React.ReactNode }[] = [
  { id: "calendar", label: "Agenda", Card: CalendarCard },
  { id: "agendor", label: "CRM", Card: AgendorCard },
  { id: "nuvemshop", label: "Loja", Card: NuvemshopCard },
  { id: "n8n", label: "n8n", Card: N8nCard },
  { id: "notion", label: "Notas", Card: NotionCard },
  { id: "web-search", label: "Busca", Card: WebSearchCard },
  { id: "email", label: "E-mail", Card: EmailCard },
];

/** Seven long cards: a row of shortcuts that scrolls to each (buttons, so the #section hash stays). */
function CardShortcuts() {
  return (
    <nav aria-label="Ir para a integração" className="flex flex-wrap gap-2">
      {CARDS.map(({ id, label }) => (
        <button
          key={id}
          type="button"
          className="btn btn-xs btn-ghost border border-base-300"
          onClick={() => document.getElementById(`integracao-${id}`)?.scrollIntoView({ behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth", block: "start" })}
        >
          {label}
        </button>
      ))}
    </nav>
  );
}

/** Each card reports its own unsaved edits; the section is dirty while any of them is. */
function useDirtyCards(onDirtyChange: (dirty: boolean) => void) {
  const dirty = useRef<Record<string, boolean>>({});
  const report = useCallback(
    (card: string, value: boolean) => {
      dirty.current[card] = value;
      onDirtyChange(Object.values(dirty.current).some(Boolean));
    },
    [onDirtyChange],
  );
  return useMemo(() => Object.fromEntries(CARDS.map((c) => [c.id, (v: boolean) => report(c.id, v)])) as Record<string, (v: boolean) => void>, [report]);
}

/** Integrações: what the agent can do outside the chat — agenda, CRM, loja, automações, notas, busca na web e e-mail. */
export function IntegrationsSection({ agent, onDirtyChange }: SectionProps) {
  const perms = useAgentPermissions();
  const canEdit = !perms.loaded || perms.canEdit;
  const dirty = useDirtyCards(onDirtyChange);
  const models = useQuery(trpc.agents.models.queryOptions());
  const offline = models.data && (models.data.offline || models.data.providers.length === 0);
  return (
    <section aria-label="Integrações" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-5">
        <header>
          <h2 className="card-title text-lg">Integrações</h2>
          <p className="text-base-content/60 text-sm">Ferramentas que o agente usa durante a conversa: agendar, registrar no CRM, consultar a loja e mais.</p>
        </header>
        <CardShortcuts />
        {perms.loaded && !perms.canEdit && (
          <div role="status" className="alert alert-warning alert-soft text-sm">
            <Icon name="info" className="size-5 shrink-0" />
            <span>{`${PERMISSION_DENIED.canEditAgents}, então não pode alterar as integrações. Peça a um administrador do workspace.`}</span>
          </div>
        )}
        {offline && (
          <div role="status" className="alert alert-warning alert-soft text-sm">
            <Icon name="wifiOff" className="size-5 shrink-0" />
            <span>
              modo offline: sem um provedor de IA configurado, o agente não usa estas ferramentas na conversa (só as intenções, pelos exemplos). Você
              já pode configurar e testar cada integração.
            </span>
          </div>
        )}
        {CARDS.map(({ id, Card }) => (
          <div key={id} id={`integracao-${id}`} className="scroll-mt-20">
            <Card agent={agent} canEdit={canEdit} onDirtyChange={dirty[id] ?? (() => {})} />
          </div>
        ))}
      </div>
    </section>
  );
}
