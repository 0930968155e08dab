import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { uazapiPlatformInput } from "../../../../../src/schemas/admin-platform";
import { NumberInput, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { formatDateTime } from "../../../../lib/format";
import { fieldErrors } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { WorkspaceInstanceLimits } from "../../components/platform/workspace-instance-limits";

type Draft = { enabled: boolean | null; serverUrl: string | null; adminToken: string; instancesPerWorkspace: number | null };
type TestRun = { ok: boolean; instances: number; connected: number; error: string | null };

/** /admin/uazapi: the own-server WhatsApp gateway the platform offers to workspaces without a server of their own. */
export default function PlatformUazapiPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const q = useQuery(trpc.adminPlatform.uazapi.get.queryOptions());
  const [draft, setDraft] = useState<Draft>({ enabled: null, serverUrl: null, adminToken: "", instancesPerWorkspace: null });
  const [run, setRun] = useState<TestRun | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const values = {
    enabled: draft.enabled ?? q.data?.enabled ?? false,
    serverUrl: draft.serverUrl ?? q.data?.serverUrl ?? "",
    adminToken: draft.adminToken,
    instancesPerWorkspace: draft.instancesPerWorkspace ?? q.data?.instancesPerWorkspace ?? 1,
  };
  const parsed = uazapiPlatformInput.safeParse(values);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const save = useMutation(
    trpc.adminPlatform.uazapi.save.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Servidor da plataforma salvo" });
        setDraft({ enabled: null, serverUrl: null, adminToken: "", instancesPerWorkspace: null });
        setSubmitted(false);
        await qc.invalidateQueries({ queryKey: trpc.adminPlatform.pathKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const test = useMutation(
    trpc.adminPlatform.uazapi.test.mutationOptions({
      onSuccess: (r) => setRun(r),
      onError: (e) => setRun({ ok: false, instances: 0, connected: 0, error: trpcErrorMessage(e, "Falha ao testar") }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (parsed.success && !save.isPending) save.mutate(parsed.data);
  }

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Servidor UAZAPI</h1>
        <p className="text-base-content/70 text-sm">
          Um servidor UAZAPI seu que os workspaces sem servidor próprio podem usar para conectar o WhatsApp pelo QR code, com um limite de instâncias por workspace.
        </p>
      </div>

      <section aria-label="Servidor da plataforma" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <header className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 className="card-title text-lg">Servidor padrão</h2>
              {q.data?.updatedAt && <p className="text-base-content/60 text-sm">Salvo em {formatDateTime(q.data.updatedAt)}</p>}
            </div>
            {q.data && (
              <span data-testid="uazapi-platform-state" className={`badge badge-sm ${q.data.enabled && q.data.hasAdminToken ? "badge-success" : "badge-ghost"}`}>
                {q.data.enabled && q.data.hasAdminToken ? "Oferecido aos workspaces" : "Desligado"}
              </span>
            )}
          </header>
          {q.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : q.isError ? (
            <p className="text-error text-sm">{trpcErrorMessage(q.error, "Não foi possível carregar a configuração.")}</p>
          ) : (
            <form onSubmit={submit} noValidate aria-label="Servidor UAZAPI da plataforma" className="flex flex-col gap-4">
              <div className="rounded-box border border-base-300 px-4">
                <ToggleRow
                  label="Oferecer aos workspaces"
                  description="Ligado, o cartão do WhatsApp (servidor próprio) de cada agente mostra a opção de usar este servidor."
                  checked={values.enabled}
                  onChange={(v) => set("enabled", v)}
                />
              </div>
              <div className="grid gap-4 md:grid-cols-2">
                <TextInput label="URL do servidor" value={values.serverUrl} onChange={(v) => set("serverUrl", v)} error={errors.serverUrl} placeholder="https://sua-empresa.uazapi.com" />
                <TextInput
                  label="Admin token"
                  type="password"
                  value={values.adminToken}
                  onChange={(v) => set("adminToken", v)}
                  error={errors.adminToken}
                  hint={q.data.hasAdminToken ? "••• definido — deixe em branco para manter" : "O token de administrador do servidor (cria as instâncias)."}
                />
                <NumberInput
                  label="Instâncias por workspace"
                  value={values.instancesPerWorkspace}
                  onChange={(v) => set("instancesPerWorkspace", v)}
                  error={errors.instancesPerWorkspace}
                  min={0}
                  max={1000}
                  hint="O padrão; um workspace pode ter o seu próprio limite (abaixo). 0: nenhum."
                />
              </div>
              {run && (
                <div role="status" className={`alert alert-soft text-sm ${run.ok ? "alert-success" : "alert-error"}`}>
                  <span>{run.ok ? `Conexão funcionando: ${run.instances} ${run.instances === 1 ? "instância" : "instâncias"} no servidor, ${run.connected} ${run.connected === 1 ? "conectada" : "conectadas"}.` : run.error}</span>
                </div>
              )}
              <div className="flex flex-wrap justify-end gap-2">
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={test.isPending || (!values.adminToken && !q.data.hasAdminToken)}
                  onClick={() => test.mutate({ serverUrl: values.serverUrl || undefined, adminToken: values.adminToken || undefined })}
                >
                  {test.isPending && <ButtonSpinner />}
                  Testar conexão
                </button>
                <button type="submit" className="btn btn-primary" disabled={save.isPending}>
                  {save.isPending && <ButtonSpinner />}
                  Salvar
                </button>
              </div>
            </form>
          )}
        </div>
      </section>

      <WorkspaceInstanceLimits defaultLimit={q.data?.instancesPerWorkspace ?? 1} />
    </div>
  );
}
