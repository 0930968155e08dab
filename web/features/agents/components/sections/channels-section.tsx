import { useCallback, useMemo, useRef } from "react";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { trpcErrorMessage } from "../../../../lib/trpc";
import { connectionOf, useChannelConnections, useWebhookUrls } from "../../hooks/use-channels";
import { useAgentPermissions } from "../../hooks/use-agents";
import { InstagramCard } from "../channels/instagram-card";
import { TelegramCard } from "../channels/telegram-card";
import { UazapiCard } from "../channels/uazapi-card";
import { WhatsAppCloudCard } from "../channels/whatsapp-cloud-card";
import type { SectionProps } from "./types";
import { PERMISSION_DENIED } from "../../../../../src/schemas/permissions";

const SOON = [{ name: "Widget do site", text: "Um botão de chat em qualquer site, com uma linha de código." }];
const CARDS = ["whatsapp", "uazapi", "telegram", "instagram"] as const;

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
  return useMemo(() => Object.fromEntries(CARDS.map((c) => [c, (v: boolean) => report(c, v)])) as Record<(typeof CARDS)[number], (v: boolean) => void>, [report]);
}

/** Canais: where the agent answers customers — WhatsApp (Cloud API or an own UAZAPI server), Telegram and Instagram. */
export function ChannelsSection({ agent, onDirtyChange }: SectionProps) {
  const perms = useAgentPermissions();
  const canEdit = !perms.loaded || perms.canEdit;
  const list = useChannelConnections(agent.id);
  const urls = useWebhookUrls();
  const dirty = useDirtyCards(onDirtyChange);
  const whatsapp = connectionOf(list.data, "whatsapp_cloud");
  const instagram = connectionOf(list.data, "instagram");

  return (
    <section aria-label="Canais" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-5">
        <header>
          <h2 className="card-title text-lg">Canais</h2>
          <p className="text-base-content/60 text-sm">Conecte o agente aos canais onde os seus clientes já conversam.</p>
        </header>

        {perms.loaded && !perms.canEdit && (
          <div role="status" className="alert alert-warning alert-soft text-sm">
            <Icon name="info" className="size-5 shrink-0" />
            <span>{`${PERMISSION_DENIED.canEditAgents}, então não pode conectar canais. Peça a um administrador do workspace.`}</span>
          </div>
        )}

        {list.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : list.isError ? (
          <p role="alert" className="rounded-field bg-error/10 px-3 py-2 text-error text-sm">
            {trpcErrorMessage(list.error, "Não foi possível carregar os canais.")}
          </p>
        ) : (
          <>
            <WhatsAppCloudCard
              key={whatsapp ? `${whatsapp.id}:${String(whatsapp.updatedAt)}` : "whatsapp-new"}
              agentId={agent.id}
              connection={whatsapp}
              webhookUrl={urls.data?.whatsapp}
              canEdit={canEdit}
              onDirtyChange={dirty.whatsapp}
            />
            <UazapiCard agentId={agent.id} connection={connectionOf(list.data, "whatsapp_uaz")} canEdit={canEdit} onDirtyChange={dirty.uazapi} />
            <TelegramCard agentId={agent.id} connection={connectionOf(list.data, "telegram")} canEdit={canEdit} onDirtyChange={dirty.telegram} />
            <InstagramCard
              key={instagram ? `${instagram.id}:${String(instagram.updatedAt)}` : "instagram-new"}
              agentId={agent.id}
              connection={instagram}
              webhookUrl={urls.data?.instagram}
              canEdit={canEdit}
              onDirtyChange={dirty.instagram}
            />
          </>
        )}

        <ul aria-label="Outros canais" className="grid gap-3 md:grid-cols-2">
          {SOON.map((c) => (
            <li key={c.name} className="flex items-start gap-3 rounded-box border border-base-300 border-dashed p-4">
              <Icon name="globe" className="mt-0.5 size-5 shrink-0 text-base-content/60" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-sm">{c.name}</p>
                <p className="text-base-content/60 text-xs">{c.text}</p>
              </div>
              <span className="badge badge-ghost badge-sm shrink-0">Disponível em breve</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
