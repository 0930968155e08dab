import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { formatDateTime } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";
import type { TimelineItem } from "../hooks/use-contacts";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const CHANNEL: Record<string, string> = { whatsapp: "WhatsApp", telegram: "Telegram", instagram: "Instagram", web: "Chat do site" };
const ACTIVITY: Record<string, string> = { email: "E-mail", call: "Ligação", meeting: "Reunião", task: "Tarefa", note: "Nota" };
const ACTOR: Record<string, string> = { user: "por uma pessoa", agent: "pelo agente de IA", system: "automaticamente" };
const DEAL_STATUS: Record<string, string> = { open: "aberto", won: "ganho", lost: "perdido" };

function itemText(i: TimelineItem) {
  switch (i.kind) {
    case "conversation":
      return { title: `Conversa no ${CHANNEL[i.channel] ?? i.channel}`, href: `/conversations?c=${i.id}`, detail: i.status === "resolved" ? "Resolvida" : "Em andamento" };
    case "deal":
      return { title: `Negócio "${i.title}"`, href: `/funil/negocios/${i.id}`, detail: `${brl.format(i.valueCents / 100)} · ${DEAL_STATUS[i.status] ?? i.status}` };
    case "stage_move":
      return { title: `"${i.dealTitle}" movido para ${i.toStage}`, href: `/funil/negocios/${i.dealId}`, detail: [i.fromStage ? `de ${i.fromStage}` : null, ACTOR[i.actorType], i.notes].filter(Boolean).join(" · ") };
    case "activity":
      return { title: `${ACTIVITY[i.type] ?? i.type}: ${i.subject}`, href: i.dealId ? `/funil/negocios/${i.dealId}` : null, detail: i.status === "completed" ? "Concluída" : i.status === "cancelled" ? "Cancelada" : i.scheduledAt ? `Agendada para ${formatDateTime(i.scheduledAt)}` : "Pendente" };
    case "extraction":
      return { title: `Variável {{${i.variableName}}} extraída: ${i.value}`, href: null, detail: `${i.method === "llm" ? "pelo modelo" : "por padrão de texto"} · ${i.applied ? "aplicada" : "não aplicada (valor manual mantido)"}` };
  }
}

/** Conversations, deals, moves, activities and extracted variables of one contact, newest first. */
export function ContactTimeline({ contactId }: { contactId: string }) {
  const q = useQuery(trpc.contacts.timeline.queryOptions({ id: contactId }));
  return (
    <section aria-labelledby="timeline-title" className="rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id="timeline-title" className="mb-3 font-semibold">
        Linha do tempo
      </h2>
      {q.isPending ? (
        <span role="status" className="loading loading-spinner" aria-label="Carregando linha do tempo" />
      ) : !q.data?.length ? (
        <p className="text-base-content/70 text-sm">Nada aconteceu com este contato ainda.</p>
      ) : (
        <ol className="flex flex-col gap-3 border-base-300 border-l pl-4">
          {q.data.map((i) => {
            const d = itemText(i);
            return (
              <li key={`${i.kind}-${i.id}`} className="relative">
                <span className="-left-[1.3rem] absolute top-1.5 size-2 rounded-full bg-primary" aria-hidden="true" />
                <p className="text-sm">{d.href ? <Link href={d.href} className="link link-hover font-medium">{d.title}</Link> : <span className="font-medium">{d.title}</span>}</p>
                <p className="text-base-content/70 text-xs">
                  <time dateTime={new Date(i.at).toISOString()}>{formatDateTime(i.at)}</time>
                  {d.detail ? ` · ${d.detail}` : ""}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
