import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { googleCalendarClientInput } from "../../../../../src/schemas/google-calendar";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { TextInput } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { formatDateTime } from "../../../../lib/format";
import { fieldErrors } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

type Draft = { clientId: string; clientSecret: string; redirectUri: string };

/** The platform's Google OAuth client (SPEC §3): every agent connects its own Google Agenda through it. */
export function GoogleCalendarClientCard() {
  const qc = useQueryClient();
  const toast = useToast();
  const current = useQuery(trpc.calendar.admin.get.queryOptions());
  const value = current.data?.value as { clientId?: string; redirectUri?: string | null; hasClientSecret?: boolean } | undefined;
  const initial = useMemo<Draft>(() => ({ clientId: value?.clientId ?? "", clientSecret: "", redirectUri: value?.redirectUri ?? "" }), [value]);
  const [d, setD] = useState<Draft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState(false);
  const [removing, setRemoving] = useState(false);
  // A refetch replaces the form only when it holds no edits (or right after a save).
  const baseline = useRef<Draft | null>(null);
  useEffect(() => {
    const previous = baseline.current;
    setD((cur) => (!previous || JSON.stringify(cur) === JSON.stringify(previous) ? initial : cur));
    baseline.current = initial;
  }, [initial]);
  const parsed = googleCalendarClientInput.safeParse(d);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const dirty = JSON.stringify(d) !== JSON.stringify(initial);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.calendar.admin.get.queryKey() });

  const save = useMutation(
    trpc.calendar.admin.save.mutationOptions({
      onSuccess: async () => {
        baseline.current = null;
        setSaved(true);
        setSubmitted(false);
        toast({ title: "Google Agenda salva", description: "Os agentes já podem conectar suas agendas." });
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const test = useMutation(
    trpc.calendar.admin.test.mutationOptions({
      onSuccess: (r) => toast(r.ok ? { title: "Teste concluído", description: r.message } : { variant: "destructive", title: "Falha no teste", description: r.message }),
      onError: (e) => toast({ variant: "destructive", title: "Falha no teste", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const remove = useMutation(
    trpc.calendar.admin.remove.mutationOptions({
      onSuccess: async () => {
        baseline.current = null;
        setRemoving(false);
        setSaved(false);
        toast({ title: "Credenciais removidas" });
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao remover", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setSaved(false);
    if (!parsed.success || save.isPending) return;
    save.mutate(d);
  }

  const configured = !!value?.clientId && !!value.hasClientSecret;
  return (
    <section aria-label="Google Agenda" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <header className="flex flex-wrap items-start gap-3">
          <Icon name="calendar" className="size-6 text-primary" />
          <div className="min-w-0 flex-1">
            <h2 className="card-title text-lg">Google Agenda</h2>
            <p className="text-base-content/60 text-sm">
              Cliente OAuth do Google Cloud (tipo “Aplicativo da Web”) com a Google Calendar API ativada. Cadastre a URI de redirecionamento abaixo no
              Google.
            </p>
          </div>
          <span className={`badge ${configured ? "badge-success badge-soft" : "badge-ghost"}`}>{configured ? "Configurada" : "Não configurada"}</span>
        </header>
        {current.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : current.isError ? (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {trpcErrorMessage(current.error, "Não foi possível carregar as configurações.")}
          </div>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Credenciais OAuth da Google Agenda" className="flex flex-col gap-4">
            <TextInput
              label="ID do cliente"
              value={d.clientId}
              onChange={(x) => setD({ ...d, clientId: x })}
              error={errors.clientId}
              placeholder="123…apps.googleusercontent.com"
              hint="No console do Google Cloud em inglês: “Client ID”."
            />
            <TextInput
              label="Chave secreta do cliente"
              type="password"
              value={d.clientSecret}
              onChange={(x) => setD({ ...d, clientSecret: x })}
              error={errors.clientSecret}
              hint={`${value?.hasClientSecret ? "••• definido — deixe em branco para manter. " : ""}No console do Google Cloud em inglês: “Client secret”.`}
            />
            <TextInput
              label="URI de redirecionamento"
              value={d.redirectUri}
              onChange={(x) => setD({ ...d, redirectUri: x })}
              error={errors.redirectUri}
              placeholder={current.data.defaultRedirectUri}
              hint={`Deixe em branco para usar ${current.data.defaultRedirectUri}`}
            />
            <div className="flex flex-wrap items-center justify-end gap-2">
              {current.data.updatedAt && <span className="mr-auto text-base-content/60 text-xs">Atualizada em {formatDateTime(current.data.updatedAt)}</span>}
              {saved && !dirty && (
                <span role="status" className="flex items-center gap-1 text-sm text-success">
                  <Icon name="check" className="size-4" />
                  Salvo
                </span>
              )}
              {configured && (
                <>
                  <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setRemoving(true)}>
                    <Icon name="trash" className="size-4" />
                    Remover
                  </button>
                  <button type="button" className="btn btn-outline btn-sm" disabled={test.isPending || dirty} onClick={() => test.mutate()}>
                    {test.isPending ? <ButtonSpinner /> : <Icon name="play" className="size-4" />}
                    Testar
                  </button>
                </>
              )}
              <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
                {save.isPending && <ButtonSpinner />}
                Salvar
              </button>
            </div>
          </form>
        )}
      </div>
      <ConfirmDialog
        open={removing}
        title="Remover as credenciais da Google Agenda?"
        description="Os agentes conectados deixam de consultar e marcar horários até que novas credenciais sejam salvas."
        confirmLabel="Remover"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setRemoving(false)}
      />
    </section>
  );
}
