import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ToggleRow } from "../../../components/ui/fields";
import { Skeleton } from "../../../components/ui/skeleton";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { AI_FEATURE_DESCRIPTION, AI_FEATURE_FREE_NOTE, AI_FEATURE_STATEMENT_ACTION } from "../../../../src/schemas/feedback";
import { STATEMENT_ACTION_LABEL } from "../../../../src/schemas/billing/statement";
import { AI_FEATURE_LABEL, type AgentAiFeatures } from "../../../../src/schemas/insights";
import type { SectionProps } from "../../agents/components/sections/types";
import { useAgentPermissions } from "../../agents/hooks/use-agents";

const KEYS = Object.keys(AI_FEATURE_LABEL) as (keyof AgentAiFeatures)[];

/** What a switch costs: credits under its own statement line online; free on the offline dictionary. */
function costNote(key: keyof AgentAiFeatures, offline: boolean) {
  if (offline) return "Sem provedor de IA configurado: roda no dicionário offline, sem custo.";
  const action = AI_FEATURE_STATEMENT_ACTION[key];
  return action ? `Consome créditos, lançados no extrato como “${STATEMENT_ACTION_LABEL[action]}”.` : AI_FEATURE_FREE_NOTE[key];
}

/** The editor's "Recursos de IA": one switch per feature, saved as it is flipped. */
export function AiFeaturesSection({ agent }: SectionProps) {
  const qc = useQueryClient();
  const toast = useToast();
  const { canEdit } = useAgentPermissions();
  const opts = trpc.agentAiFeatures.get.queryOptions({ agentId: agent.id });
  const got = useQuery(opts);
  // The switch moves in the click itself (a controlled toggle waiting for the server, or for the query
  // cache's deferred notify, looks stuck and snaps back for a frame); a refusal drops the override.
  const [flipped, setFlipped] = useState<Partial<AgentAiFeatures>>({});
  const save = useMutation(
    trpc.agentAiFeatures.update.mutationOptions({
      onSuccess: (r) => {
        qc.setQueryData(opts.queryKey, (old) => (old ? { ...old, features: r.features } : old));
        toast({ title: "Recursos de IA salvos" });
      },
      onError: (e) => {
        toast({ title: "Não foi possível salvar", description: trpcErrorMessage(e, "Tente novamente."), variant: "destructive" });
      },
      onSettled: () => setFlipped({}),
    }),
  );

  return (
    <section aria-labelledby="ai-features-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <header>
          <h2 id="ai-features-title" className="card-title text-lg">
            Recursos de IA
          </h2>
          <p className="text-base-content/70 text-sm">Análises que rodam depois de cada resposta do agente. Desligue o que este agente não precisa.</p>
        </header>
        {got.data?.offline && (
          <div role="status" className="alert alert-info alert-soft text-sm">
            A plataforma está em modo offline: os recursos ligados rodam no dicionário offline, sem consumir créditos.
          </div>
        )}
        {!canEdit && <p className="text-base-content/70 text-sm">Você pode ver estes ajustes, mas não tem permissão para alterá-los.</p>}
        {got.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : got.isError ? (
          <div role="alert" className="alert alert-error alert-soft">
            {trpcErrorMessage(got.error, "Não foi possível carregar os recursos de IA.")}
          </div>
        ) : (
          <div className="divide-y divide-base-300">
            {KEYS.map((key) => (
              <ToggleRow
                key={key}
                label={AI_FEATURE_LABEL[key]}
                description={`${AI_FEATURE_DESCRIPTION[key]} ${costNote(key, got.data.offline)}`}
                checked={flipped[key] ?? got.data.features[key]}
                disabled={!canEdit || save.isPending}
                onChange={(v) => {
                  setFlipped({ [key]: v });
                  save.mutate({ agentId: agent.id, [key]: v });
                }}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
