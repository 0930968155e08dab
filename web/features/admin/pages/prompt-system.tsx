import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { TextArea, TextInput } from "../../../components/ui/fields";
import { Icon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { systemPromptInput } from "../../../../src/schemas/admin";

/** Same bounds and message as admin.systemPrompt.save (routers/admin.ts). */
const MAX = 20_000;

/** /admin/prompt-system: the platform prompt every agent starts from; each save is a new version. */
export default function PromptSystemPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const current = useQuery(trpc.admin.systemPrompt.current.queryOptions());
  const history = useQuery(trpc.admin.systemPrompt.history.queryOptions());
  const [content, setContent] = useState("");
  const [description, setDescription] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);

  const loaded = current.data?.content;
  useEffect(() => {
    if (loaded !== undefined) setContent(loaded);
  }, [loaded]);

  const save = useMutation(
    trpc.admin.systemPrompt.save.mutationOptions({
      onSuccess: async (row) => {
        toast({ title: "Prompt salvo", description: `Versão ${row?.version ?? ""} agora está em uso por todos os agentes.` });
        setDescription("");
        setSubmitted(false);
        await Promise.all([
          qc.invalidateQueries({ queryKey: trpc.admin.systemPrompt.current.queryKey() }),
          qc.invalidateQueries({ queryKey: trpc.admin.systemPrompt.history.queryKey() }),
        ]);
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar o prompt", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  const trimmed = content.trim();
  // The server's own contract decides (src/schemas/admin.ts).
  const error = submitted ? (systemPromptInput.shape.content.safeParse(content).error?.issues[0]?.message ?? null) : null;
  const changed = loaded !== undefined && trimmed !== loaded.trim();

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!systemPromptInput.shape.content.safeParse(content).success || save.isPending) return;
    save.mutate({ content: trimmed, changeDescription: description.trim() || null });
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Administração</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Prompt do sistema</h1>
        <p className="mt-1 text-base-content/70 text-sm">
          Instruções que vêm antes da personalidade de cada agente, em todos os workspaces. Salvar cria uma nova versão.
        </p>
      </div>

      {current.isPending ? (
        <Skeleton className="h-80 w-full" />
      ) : current.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(current.error, "Não foi possível carregar o prompt.")}
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Editar prompt do sistema" className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-4">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="badge badge-primary badge-soft">{current.data.version ? `Versão ${current.data.version}` : "Padrão da plataforma"}</span>
              {current.data.createdAt ? <span className="text-base-content/60">salva em {formatDateTime(current.data.createdAt)}</span> : null}
            </div>
            <TextArea label="Prompt atual" value={content} onChange={setContent} error={error} max={MAX} rows={14} />
            <TextInput
              label="Descrição da mudança"
              value={description}
              onChange={setDescription}
              max={500}
              placeholder="Ex.: Respostas mais curtas no WhatsApp"
              hint="Aparece no histórico de versões."
            />
            <div className="flex justify-end gap-2">
              <button type="button" className="btn btn-ghost" disabled={!changed || save.isPending} onClick={() => setContent(loaded ?? "")}>
                Descartar
              </button>
              <button type="submit" className="btn btn-primary" disabled={!changed || save.isPending}>
                {save.isPending && <ButtonSpinner />}
                Salvar nova versão
              </button>
            </div>
          </div>
        </form>
      )}

      <section aria-label="Histórico de versões" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-3">
          <h2 className="card-title text-lg">
            <Icon name="history" className="size-5" />
            Histórico de versões
          </h2>
          {history.isPending ? (
            <Skeleton className="h-20 w-full" />
          ) : (history.data ?? []).length === 0 ? (
            <p className="text-base-content/60 text-sm">Nenhuma versão salva ainda: os agentes usam o prompt padrão da plataforma.</p>
          ) : (
            <ul className="divide-y divide-base-300">
              {(history.data ?? []).map((v) => (
                <li key={v.id} className="py-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="badge badge-ghost badge-sm">v{v.version}</span>
                    <span className="font-medium text-sm">{v.changeDescription || "Sem descrição"}</span>
                    <span className="text-base-content/50 text-xs">{formatDateTime(v.createdAt)}</span>
                    {v.version === current.data?.version && <span className="badge badge-success badge-soft badge-sm">Em uso</span>}
                    <span className="ml-auto flex gap-1">
                      <button type="button" className="btn btn-ghost btn-xs" onClick={() => setExpanded(expanded === v.id ? null : v.id)}>
                        {expanded === v.id ? "Ocultar" : "Ver conteúdo"}
                      </button>
                      <button type="button" className="btn btn-ghost btn-xs" onClick={() => setContent(v.content)}>
                        Restaurar no editor
                      </button>
                    </span>
                  </div>
                  {expanded === v.id && <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap rounded-box bg-base-200 p-3 text-xs">{v.content}</pre>}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}
