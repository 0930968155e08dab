import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { EMAIL_TOOL, MAX_EMAIL_RECIPIENTS, emailIntegrationInput } from "../../../../../src/schemas/email-integration";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { NumberInput, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { fieldErrors } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { CardActions, TestOutcome } from "./card-parts";
import type { IntegrationCardProps } from "./types";

type Draft = {
  recipients: string[];
  useOwnSmtp: boolean;
  smtpHost: string;
  smtpPort: number;
  smtpSecure: boolean;
  smtpUser: string;
  smtpPassword: string;
  smtpFrom: string;
  enabled: boolean;
};
type Stored = Partial<Omit<Draft, "smtpPassword">> & { hasSmtpPassword?: boolean };
type TestRun = { ok: boolean; via: "smtp" | "platform" | null; queued: boolean; error: string | null };

function draftOf(integration: { enabled: boolean; config: Record<string, unknown> } | null): Draft {
  const c = (integration?.config ?? {}) as Stored;
  return {
    recipients: c.recipients?.length ? [...c.recipients] : [""],
    useOwnSmtp: c.useOwnSmtp ?? false,
    smtpHost: c.smtpHost ?? "",
    smtpPort: c.smtpPort ?? 587,
    smtpSecure: c.smtpSecure ?? false,
    smtpUser: c.smtpUser ?? "",
    smtpPassword: "",
    smtpFrom: c.smtpFrom ?? "",
    enabled: integration?.enabled ?? true,
  };
}

/** E-mail para a empresa: who receives what the agent e-mails (and the intent "email"), and an optional own SMTP. */
export function EmailCard({ agent, canEdit, onDirtyChange }: IntegrationCardProps) {
  const qc = useQueryClient();
  const toast = useToast();
  const key = trpc.emailIntegration.get.queryKey({ agentId: agent.id });
  const q = useQuery(trpc.emailIntegration.get.queryOptions({ agentId: agent.id }));
  const integration = q.data?.integration ?? null;
  const initial = useMemo(() => draftOf(integration), [integration]);
  const [d, setD] = useState<Draft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [run, setRun] = useState<TestRun | null>(null);
  // A refetch refreshes the form only while it holds no unsaved edits.
  const shown = useRef(initial);
  useEffect(() => {
    setD((cur) => (JSON.stringify(cur) === JSON.stringify(shown.current) ? initial : cur));
    shown.current = initial;
  }, [initial]);
  const dirty = JSON.stringify(d) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const body = useMemo(() => ({ ...d, recipients: d.recipients.map((r) => r.trim()).filter(Boolean) }), [d]);
  const parsed = useMemo(() => emailIntegrationInput.safeParse(body), [body]);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const fail = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });

  const save = useMutation(
    trpc.emailIntegration.save.mutationOptions({
      onSuccess: async (row) => {
        const next = draftOf(row);
        shown.current = next;
        setD(next);
        setSubmitted(false);
        setSavedAt(Date.now());
        toast({ title: "E-mail para a empresa salvo" });
        await refresh();
      },
      onError: fail("Erro ao salvar"),
    }),
  );
  const remove = useMutation(
    trpc.emailIntegration.remove.mutationOptions({
      onSuccess: async () => {
        setRemoving(false);
        setRun(null);
        toast({ title: "Configuração de e-mail removida" });
        await refresh();
      },
      onError: fail("Erro ao remover"),
    }),
  );
  const test = useMutation(
    trpc.emailIntegration.test.mutationOptions({
      onSuccess: (r) => {
        setRun(r);
        void refresh();
      },
      onError: (e) => setRun({ ok: false, via: null, queued: false, error: trpcErrorMessage(e, "Falha ao testar") }),
    }),
  );

  const patch = (p: Partial<Draft>) => {
    setSavedAt(null);
    setD((x) => ({ ...x, ...p }));
  };
  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (parsed.success && !save.isPending) save.mutate({ agentId: agent.id, config: body });
  }
  const stored = (integration?.config ?? {}) as Stored;
  const locked = !canEdit;

  return (
    <section aria-label="E-mail para a empresa" className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex items-center gap-2 font-semibold">
            <Icon name="mail" className="size-5" />
            E-mail para a empresa
          </h3>
          <p className="text-base-content/60 text-sm">O agente avisa sua equipe por e-mail (pedidos, orçamentos, recados) com a ferramenta {EMAIL_TOOL} e nas intenções de e-mail.</p>
        </div>
        {integration ? (
          <span className={`badge badge-sm ${integration.enabled ? "badge-success" : "badge-ghost"}`}>{integration.enabled ? "Ativa" : "Desativada"}</span>
        ) : (
          <span className="badge badge-ghost badge-sm">Não configurada</span>
        )}
      </header>

      {q.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : q.isError ? (
        <p className="text-error text-sm">{trpcErrorMessage(q.error, "Não foi possível carregar a configuração de e-mail.")}</p>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Configuração de e-mail" className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium text-sm">
              Destinatários ({body.recipients.length}/{MAX_EMAIL_RECIPIENTS})
            </legend>
            {d.recipients.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: addresses are edited in place
              <div key={i} className="flex items-end gap-2">
                <TextInput
                  className="grow"
                  label={`Destinatário ${i + 1}`}
                  type="email"
                  value={r}
                  onChange={(x) => patch({ recipients: d.recipients.map((v, j) => (j === i ? x : v)) })}
                  error={errors[`recipients.${i}`]}
                  placeholder="equipe@suaempresa.com.br"
                  disabled={locked}
                />
                {d.recipients.length > 1 && (
                  <button type="button" className="btn btn-ghost btn-square text-error" aria-label={`Remover destinatário ${i + 1}`} disabled={locked} onClick={() => patch({ recipients: d.recipients.filter((_, j) => j !== i) })}>
                    <Icon name="trash" className="size-4" />
                  </button>
                )}
              </div>
            ))}
            {errors.recipients && <p className="text-error text-xs">{errors.recipients}</p>}
            <div>
              <button type="button" className="btn btn-ghost btn-sm" disabled={locked || d.recipients.length >= MAX_EMAIL_RECIPIENTS} onClick={() => patch({ recipients: [...d.recipients, ""] })}>
                <Icon name="plus" className="size-4" />
                Adicionar destinatário
              </button>
            </div>
          </fieldset>

          <div className="rounded-box border border-base-300 px-4">
            <ToggleRow
              label="Usar meu próprio servidor SMTP"
              description={q.data?.platformMailer ? "Desligado, o e-mail sai pelo servidor da plataforma." : "Desligado, o e-mail sai pelo servidor da plataforma (que ainda não tem SMTP configurado: as mensagens ficam na fila)."}
              checked={d.useOwnSmtp}
              onChange={(x) => patch({ useOwnSmtp: x })}
              disabled={locked}
            />
          </div>
          {d.useOwnSmtp && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput label="Servidor SMTP" value={d.smtpHost} onChange={(x) => patch({ smtpHost: x })} error={errors.smtpHost} placeholder="smtp.suaempresa.com.br" disabled={locked} />
              <NumberInput label="Porta" value={d.smtpPort} onChange={(x) => patch({ smtpPort: x })} error={errors.smtpPort} min={1} max={65535} disabled={locked} hint="587 (STARTTLS) ou 465 (SSL)" />
              <TextInput label="Usuário" value={d.smtpUser} onChange={(x) => patch({ smtpUser: x })} error={errors.smtpUser} disabled={locked} />
              <TextInput
                label="Senha"
                type="password"
                value={d.smtpPassword}
                onChange={(x) => patch({ smtpPassword: x })}
                error={errors.smtpPassword}
                hint={stored.hasSmtpPassword ? "••• definida — deixe em branco para manter" : undefined}
                disabled={locked}
              />
              <TextInput label="Remetente" type="email" value={d.smtpFrom} onChange={(x) => patch({ smtpFrom: x })} error={errors.smtpFrom} placeholder="atendimento@suaempresa.com.br" disabled={locked} />
              <label className="flex items-center gap-2 self-end pb-2 text-sm">
                <input type="checkbox" className="toggle toggle-primary toggle-sm" checked={d.smtpSecure} disabled={locked} onChange={(e) => patch({ smtpSecure: e.target.checked })} />
                Conexão segura (SSL/TLS direto, porta 465)
              </label>
            </div>
          )}

          <div className="rounded-box border border-base-300 px-4">
            <ToggleRow label="Integração ativa" description="Quando desativada, o agente não envia e-mails (as intenções de e-mail voltam a avisar o dono do workspace)." checked={d.enabled} onChange={(x) => patch({ enabled: x })} disabled={locked} />
          </div>

          {run && (
            <TestOutcome ok={run.ok}>
              {run.ok ? (run.queued ? "E-mail de teste na fila: a plataforma ainda não tem SMTP configurado." : `E-mail de teste enviado${run.via === "smtp" ? " pelo seu servidor SMTP" : ""}.`) : run.error}
            </TestOutcome>
          )}
          {integration?.testMessage && !run && <p className="text-base-content/50 text-xs">Último teste: {integration.testMessage}</p>}

          <CardActions
            savedMark={!!savedAt && !dirty}
            removable={!!integration}
            onRemove={() => setRemoving(true)}
            removing={remove.isPending}
            saving={save.isPending}
            locked={locked}
            saveDisabled={!dirty && !!integration}
            saveLabel="Salvar e-mail"
          >
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={locked || !integration || dirty || test.isPending}
              title={dirty ? "Salve antes de testar" : undefined}
              onClick={() => test.mutate({ agentId: agent.id })}
            >
              {test.isPending ? <ButtonSpinner /> : <Icon name="send" className="size-4" />}
              Testar
            </button>
          </CardActions>
        </form>
      )}
      <ConfirmDialog
        open={removing}
        title="Remover e-mail para a empresa"
        description="Os destinatários e o servidor SMTP deste agente serão apagados."
        confirmLabel="Remover"
        pending={remove.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() => remove.mutate({ agentId: agent.id })}
      />
    </section>
  );
}
