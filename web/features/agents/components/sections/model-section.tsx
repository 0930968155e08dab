import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { agentFields } from "../../../../../src/schemas/agents";
import { SelectInput } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { trpc } from "../../../../lib/trpc";
import { useAuth } from "../../../auth/hooks/use-auth";
import type { ModelChoices } from "../../hooks/use-agents";
import { useSectionForm } from "../../hooks/use-section-form";
import { AgentSectionForm } from "../agent-section-form";
import type { SectionProps } from "./types";

const schema = agentFields.pick({ aiProvider: true, aiModel: true });

/** "modo offline": what it means for this agent, in words an owner understands. */
export function OfflineNotice({ compact = false }: { compact?: boolean }) {
  const { user } = useAuth();
  return (
    <div role="status" className="alert alert-warning alert-soft items-start">
      <Icon name="wifiOff" className="mt-0.5 size-5 shrink-0" />
      <div className="text-sm">
        <p className="font-semibold">modo offline</p>
        <p>
          Nenhum provedor de IA está configurado. Até um administrador configurar um, o agente responde apenas a partir dos próprios textos
          (empresa, descrição e instruções) ou com a mensagem de “não sei”.
        </p>
        {!compact && user?.role === "admin" && (
          <Link href="/admin/openai-config" className="link mt-1 inline-block font-medium">
            Configurar provedores de IA
          </Link>
        )}
      </div>
    </div>
  );
}

/** Modelo: the provider and model among those the admin enabled. */
export function ModelSection({ agent, onDirtyChange }: SectionProps) {
  const models = useQuery(trpc.agents.models.queryOptions());
  if (models.isPending) return <Skeleton className="h-64 w-full" />;
  if (models.isError) return <p className="text-error text-sm">Não foi possível carregar os modelos disponíveis.</p>;
  return <ModelForm agent={agent} onDirtyChange={onDirtyChange} choices={models.data} />;
}

function ModelForm({ agent, onDirtyChange, choices }: SectionProps & { choices: ModelChoices }) {
  const { providers, offline } = choices;
  const current = providers.find((p) => p.provider === agent.aiProvider) ?? providers[0];
  const form = useSectionForm(schema, {
    aiProvider: current?.provider ?? agent.aiProvider,
    aiModel: agent.aiModel && current?.models.includes(agent.aiModel) ? agent.aiModel : "",
  });
  const { values: v, errors } = form;
  const chosen = providers.find((p) => p.provider === v.aiProvider);

  return (
    <AgentSectionForm agent={agent} form={form} onDirtyChange={onDirtyChange} title="Modelo" description="Qual inteligência artificial escreve as respostas deste agente. As opções são as que o administrador habilitou.">
      {offline || providers.length === 0 ? (
        <>
          <OfflineNotice />
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-base-content/60">Provedor escolhido</dt>
              <dd className="font-medium">{agent.aiProvider}</dd>
            </div>
            <div>
              <dt className="text-base-content/60">Modelo escolhido</dt>
              <dd className="font-medium">{agent.aiModel || "Padrão do provedor"}</dd>
            </div>
          </dl>
        </>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            label="Provedor de IA"
            value={v.aiProvider}
            onChange={(x) => form.setValues({ aiProvider: x, aiModel: "" })}
            options={providers.map((p) => ({ value: p.provider, label: p.displayName }))}
            error={errors.aiProvider}
          />
          <SelectInput
            label="Modelo"
            value={v.aiModel}
            onChange={(x) => form.set("aiModel", x)}
            options={[{ value: "", label: "Padrão do provedor" }, ...(chosen?.models ?? []).map((m) => ({ value: m, label: m }))]}
            error={errors.aiModel}
            hint="Modelos maiores respondem melhor, mas consomem mais créditos."
          />
        </div>
      )}
    </AgentSectionForm>
  );
}
