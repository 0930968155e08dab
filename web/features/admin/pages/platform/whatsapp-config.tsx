import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { whatsappPlatformInput } from "../../../../../src/schemas/admin-platform";
import { TextInput } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { formatDateTime } from "../../../../lib/format";
import { fieldErrors } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { CopyRow } from "../../../agents/components/channels/copy-row";

type Draft = { appId: string | null; appSecret: string; verifyToken: string; graphVersion: string | null };
type TestRun = { ok: boolean; appName: string | null; error: string | null };

/** /admin/whatsapp-config: the Meta app of the platform-level WhatsApp webhook (app id, secret, verify token, Graph version). */
export default function PlatformWhatsappPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const q = useQuery(trpc.adminPlatform.whatsapp.get.queryOptions());
  const [draft, setDraft] = useState<Draft>({ appId: null, appSecret: "", verifyToken: "", graphVersion: null });
  const [submitted, setSubmitted] = useState(false);
  const [run, setRun] = useState<TestRun | null>(null);
  const values = { appId: draft.appId ?? q.data?.appId ?? "", appSecret: draft.appSecret, verifyToken: draft.verifyToken, graphVersion: draft.graphVersion ?? q.data?.graphVersion ?? "v21.0" };
  const parsed = whatsappPlatformInput.safeParse(values);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const save = useMutation(
    trpc.adminPlatform.whatsapp.save.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Configuração do WhatsApp salva" });
        setDraft({ appId: null, appSecret: "", verifyToken: "", graphVersion: null });
        setSubmitted(false);
        setRun(null);
        await qc.invalidateQueries({ queryKey: trpc.adminPlatform.whatsapp.pathKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const test = useMutation(
    trpc.adminPlatform.whatsapp.test.mutationOptions({
      onSuccess: (r) => setRun(r),
      onError: (e) => setRun({ ok: false, appName: null, error: trpcErrorMessage(e, "Falha ao testar") }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (parsed.success && !save.isPending) save.mutate(parsed.data);
  }

  const dirty = draft.appId !== null || draft.appSecret !== "" || draft.verifyToken !== "" || draft.graphVersion !== null;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Configuração do WhatsApp</h1>
        <p className="text-base-content/70 text-sm">
          O app da Meta da plataforma: com ele, o webhook único do WhatsApp aceita o verify token e as assinaturas deste app, além das de cada número conectado.
        </p>
      </div>
      <section aria-label="App da Meta" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <header className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 className="card-title text-lg">App da Meta</h2>
              {q.data?.updatedAt && <p className="text-base-content/60 text-sm">Salvo em {formatDateTime(q.data.updatedAt)}</p>}
            </div>
            {q.data && (
              <span className={`badge badge-sm ${q.data.appId && q.data.hasAppSecret ? "badge-success" : "badge-ghost"}`}>
                {q.data.appId && q.data.hasAppSecret ? "Configurado" : "Não configurado"}
              </span>
            )}
          </header>
          {q.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : q.isError ? (
            <p className="text-error text-sm">{trpcErrorMessage(q.error, "Não foi possível carregar a configuração.")}</p>
          ) : (
            <form onSubmit={submit} noValidate aria-label="App da Meta da plataforma" className="flex flex-col gap-4">
              <CopyRow label="URL do webhook" value={q.data.webhookUrl} copiedTitle="URL do webhook copiada" />
              <div className="grid gap-4 md:grid-cols-2">
                <TextInput label="App ID" value={values.appId} onChange={(v) => set("appId", v)} error={errors.appId} placeholder="1234567890123" />
                <TextInput label="Versão da Graph API" value={values.graphVersion} onChange={(v) => set("graphVersion", v)} error={errors.graphVersion} placeholder="v21.0" />
                <TextInput
                  label="App secret"
                  type="password"
                  value={values.appSecret}
                  onChange={(v) => set("appSecret", v)}
                  error={errors.appSecret}
                  hint={q.data.hasAppSecret ? "••• definido — deixe em branco para manter" : "Em Configurações do app → Básico, no painel da Meta."}
                />
                <TextInput
                  label="Verify token"
                  type="password"
                  value={values.verifyToken}
                  onChange={(v) => set("verifyToken", v)}
                  error={errors.verifyToken}
                  hint={q.data.hasVerifyToken ? "••• definido — deixe em branco para manter" : "Você escolhe; cole o mesmo no painel da Meta ao assinar o webhook."}
                />
              </div>
              {run && (
                <div role="status" className={`alert alert-soft text-sm ${run.ok ? "alert-success" : "alert-error"}`}>
                  <span>{run.ok ? `Conexão com a Graph API funcionando${run.appName ? `: app "${run.appName}"` : ""}.` : run.error}</span>
                </div>
              )}
              <div className="flex flex-wrap items-center justify-end gap-2">
                {dirty && <span className="text-base-content/60 text-xs">Salve antes de testar as mudanças.</span>}
                <button type="button" className="btn btn-outline" disabled={test.isPending || !q.data.hasAppSecret || !q.data.appId} onClick={() => test.mutate({})}>
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
    </div>
  );
}
