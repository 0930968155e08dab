import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { TOKEN_REQUIRED, nuvemshopInput } from "../../../../../src/schemas/nuvemshop";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { TextInput, ToggleRow } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { fieldErrors } from "../../../../lib/form-errors";
import { formatDateTime } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { CardActions, TestOutcome } from "./card-parts";
import type { IntegrationCardProps } from "./types";

type Saved = {
  id: string;
  enabled: boolean;
  config: { storeId: string; hasAccessToken: boolean };
  lastTestedAt: number | null;
  testStatus: string | null;
  testMessage: string | null;
};
type TestResult = { ok: boolean; message: string };
type Draft = { storeId: string; accessToken: string; enabled: boolean };

const draftOf = (saved: Saved | null): Draft => ({ storeId: saved?.config.storeId ?? "", accessToken: "", enabled: saved?.enabled ?? true });

/** Loja virtual Nuvemshop: store id + access token, "Testar", and the agent's product search and order lookup (SPEC §3). */
export function NuvemshopCard({ agent, canEdit, onDirtyChange }: IntegrationCardProps) {
  const query = useQuery(trpc.nuvemshop.get.queryOptions({ agentId: agent.id }));
  const saved = (query.data as Saved | null | undefined) ?? null;
  return (
    <section aria-label="Loja Nuvemshop" className="rounded-box border border-base-300 p-4">
      <header className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="flex items-center gap-2 font-semibold">
            <Icon name="coins" className="size-5" />
            Loja Nuvemshop
          </h3>
          <p className="text-base-content/60 text-sm">
            O agente busca produtos (preço, promoção, estoque e link) e consulta o status de pedidos da sua loja Nuvemshop / Tiendanube.
          </p>
        </div>
        {saved && (
          <span data-testid="nuvemshop-status" className={`badge badge-sm ${saved.enabled ? "badge-success" : "badge-ghost"}`}>
            {saved.enabled ? "Ativa" : "Desativada"}
          </span>
        )}
      </header>
      {query.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : query.isError ? (
        <p className="text-error text-sm">{trpcErrorMessage(query.error, "Não foi possível carregar a integração.")}</p>
      ) : (
        <NuvemshopForm agentId={agent.id} saved={saved} canEdit={canEdit} onDirtyChange={onDirtyChange} />
      )}
    </section>
  );
}

function NuvemshopForm({ agentId, saved, canEdit, onDirtyChange }: { agentId: string; saved: Saved | null; canEdit: boolean; onDirtyChange: (d: boolean) => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const initial = useMemo(() => draftOf(saved), [saved]);
  const [d, setD] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [result, setResult] = useState<TestResult | null>(saved?.testMessage ? { ok: saved.testStatus === "ok", message: saved.testMessage } : null);
  const patch = (p: Partial<Draft>) => {
    setJustSaved(false);
    setD((x) => ({ ...x, ...p }));
  };
  const hasToken = saved?.config.hasAccessToken === true;
  const parsed = useMemo(() => nuvemshopInput.safeParse(d), [d]);
  const errors: Record<string, string> = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  if (submitted && !hasToken && !d.accessToken.trim() && !errors.accessToken) errors.accessToken = TOKEN_REQUIRED;
  const dirty = JSON.stringify(d) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const key = trpc.nuvemshop.get.queryKey({ agentId });
  const off = !canEdit;

  const test = useMutation(
    trpc.nuvemshop.test.mutationOptions({
      onSuccess: (r) => {
        setResult(r);
        void qc.invalidateQueries({ queryKey: key });
      },
      onError: (e) => setResult({ ok: false, message: trpcErrorMessage(e, "Não foi possível testar a conexão.") }),
    }),
  );
  const save = useMutation(
    trpc.nuvemshop.save.mutationOptions({
      onSuccess: (row) => {
        qc.setQueryData(key, row);
        setD(draftOf(row as Saved));
        setSubmitted(false);
        setJustSaved(true);
        onDirtyChange(false);
        toast({ title: "Nuvemshop salva" });
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar a Nuvemshop", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const remove = useMutation(
    trpc.nuvemshop.remove.mutationOptions({
      onSuccess: () => {
        setRemoving(false);
        qc.setQueryData(key, null);
        setD(draftOf(null));
        setResult(null);
        onDirtyChange(false);
        toast({ title: "Integração com a Nuvemshop removida" });
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao remover", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (off || !parsed.success || (!hasToken && !d.accessToken.trim()) || save.isPending) return;
    save.mutate({ agentId, config: d });
  }

  function runTest() {
    setSubmitted(true);
    if (!parsed.success || (!hasToken && !d.accessToken.trim())) return;
    test.mutate({ agentId, config: { storeId: d.storeId, accessToken: d.accessToken } });
  }

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Configurar Nuvemshop" className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="ID da loja"
            value={d.storeId}
            onChange={(x) => patch({ storeId: x })}
            error={errors.storeId}
            disabled={off}
            placeholder="Ex.: 123456"
            hint="O número da loja (user_id) informado ao instalar o aplicativo."
          />
          <TextInput
            label="Token de acesso"
            type="password"
            value={d.accessToken}
            onChange={(x) => patch({ accessToken: x })}
            error={errors.accessToken}
            disabled={off}
            hint={hasToken ? "••• definido — deixe em branco para manter" : "O access_token do aplicativo, com permissão de ler produtos e pedidos."}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn btn-outline btn-sm" disabled={off || test.isPending} onClick={runTest}>
            {test.isPending ? <ButtonSpinner /> : <Icon name="plug" className="size-4" />}
            Testar
          </button>
          {saved?.lastTestedAt && <span className="text-base-content/60 text-xs">Último teste: {formatDateTime(saved.lastTestedAt)}</span>}
        </div>
        {result && (
          <TestOutcome ok={result.ok} testId="nuvemshop-test-result">
            {result.message}
          </TestOutcome>
        )}
        <div className="rounded-box border border-base-300 px-4">
          <ToggleRow
            label="Integração ativa"
            description="Quando ativa, o agente pode buscar produtos e consultar pedidos. Pedidos só são mostrados a quem informar o e-mail ou telefone da compra."
            checked={d.enabled}
            onChange={(x) => patch({ enabled: x })}
            disabled={off}
          />
        </div>
        <CardActions
          savedMark={justSaved && !dirty}
          removable={!!saved}
          onRemove={() => setRemoving(true)}
          removing={remove.isPending}
          saving={save.isPending}
          locked={off}
          saveLabel="Salvar Nuvemshop"
        />
      </form>
      <ConfirmDialog
        open={removing}
        title="Remover integração com a Nuvemshop"
        description="O ID da loja e o token de acesso serão apagados deste agente, e ele deixará de consultar produtos e pedidos."
        confirmLabel="Remover"
        pending={remove.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() => remove.mutate({ agentId })}
      />
    </>
  );
}
