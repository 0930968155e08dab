import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { NOTION_TOKEN_REQUIRED, type NotionParentType, PARENT_TYPE_LABELS, notionInput, notionParentTypes } from "../../../../../src/schemas/notion";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { SelectInput, TextInput, ToggleRow } from "../../../../components/ui/fields";
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
  config: { parentType: NotionParentType; parentId: string; hasToken: boolean };
  lastTestedAt: number | null;
  testStatus: string | null;
  testMessage: string | null;
};
type TestResult = { ok: boolean; message: string };
type Draft = { token: string; parentType: NotionParentType; parentId: string; enabled: boolean };

const draftOf = (saved: Saved | null): Draft => ({
  token: "",
  parentType: saved?.config.parentType ?? "page",
  parentId: saved?.config.parentId ?? "",
  enabled: saved?.enabled ?? true,
});
const PARENT_OPTIONS = notionParentTypes.map((value) => ({ value, label: PARENT_TYPE_LABELS[value] }));

/** Notas no Notion: integration token, where new notes go, "Testar", and the agent's search/create/append tools (SPEC §3). */
export function NotionCard({ agent, canEdit, onDirtyChange }: IntegrationCardProps) {
  const query = useQuery(trpc.notion.get.queryOptions({ agentId: agent.id }));
  const saved = (query.data as Saved | null | undefined) ?? null;
  return (
    <section aria-label="Notas no Notion" className="rounded-box border border-base-300 p-4">
      <header className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="flex items-center gap-2 font-semibold">
            <Icon name="fileText" className="size-5" />
            Notas no Notion
          </h3>
          <p className="text-base-content/60 text-sm">O agente consulta notas, cria páginas com recados e resumos e acrescenta informações às notas existentes.</p>
        </div>
        {saved && (
          <span data-testid="notion-status" className={`badge badge-sm ${saved.enabled ? "badge-success" : "badge-ghost"}`}>
            {saved.enabled ? "Ativa" : "Desativada"}
          </span>
        )}
      </header>
      {query.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : query.isError ? (
        <p className="text-error text-sm">{trpcErrorMessage(query.error, "Não foi possível carregar a integração.")}</p>
      ) : (
        <NotionForm agentId={agent.id} saved={saved} canEdit={canEdit} onDirtyChange={onDirtyChange} />
      )}
    </section>
  );
}

function NotionForm({ agentId, saved, canEdit, onDirtyChange }: { agentId: string; saved: Saved | null; canEdit: boolean; onDirtyChange: (d: boolean) => void }) {
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
  const hasToken = saved?.config.hasToken === true;
  const parsed = useMemo(() => notionInput.safeParse(d), [d]);
  const errors: Record<string, string> = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  if (submitted && !hasToken && !d.token.trim() && !errors.token) errors.token = NOTION_TOKEN_REQUIRED;
  const dirty = JSON.stringify(d) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const key = trpc.notion.get.queryKey({ agentId });
  const off = !canEdit;
  const ready = parsed.success && (hasToken || !!d.token.trim());

  const test = useMutation(
    trpc.notion.test.mutationOptions({
      onSuccess: (r) => {
        setResult(r);
        void qc.invalidateQueries({ queryKey: key });
      },
      onError: (e) => setResult({ ok: false, message: trpcErrorMessage(e, "Não foi possível testar a conexão.") }),
    }),
  );
  const save = useMutation(
    trpc.notion.save.mutationOptions({
      onSuccess: (row) => {
        qc.setQueryData(key, row);
        setD(draftOf(row as Saved));
        setSubmitted(false);
        setJustSaved(true);
        onDirtyChange(false);
        toast({ title: "Notion salvo" });
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar o Notion", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const remove = useMutation(
    trpc.notion.remove.mutationOptions({
      onSuccess: () => {
        setRemoving(false);
        qc.setQueryData(key, null);
        setD(draftOf(null));
        setResult(null);
        onDirtyChange(false);
        toast({ title: "Integração com o Notion removida" });
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao remover", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (off || !ready || save.isPending) return;
    save.mutate({ agentId, config: d });
  }

  function runTest() {
    setSubmitted(true);
    if (!ready) return;
    test.mutate({ agentId, config: d });
  }

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Configurar Notion" className="flex flex-col gap-4">
        <TextInput
          label="Token da integração"
          type="password"
          value={d.token}
          onChange={(x) => patch({ token: x })}
          error={errors.token}
          disabled={off}
          hint={hasToken ? "••• definido — deixe em branco para manter" : "Crie uma integração interna em notion.so/my-integrations e copie o token (ntn_…)."}
        />
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <SelectInput label="Criar notas em" value={d.parentType} onChange={(x) => patch({ parentType: x })} options={PARENT_OPTIONS} error={errors.parentType} disabled={off} />
          <TextInput
            label={d.parentType === "database" ? "Link ou ID do banco de dados" : "Link ou ID da página"}
            value={d.parentId}
            onChange={(x) => patch({ parentId: x })}
            error={errors.parentId}
            disabled={off}
            placeholder="https://www.notion.so/…"
            hint="No Notion, abra a página › ••• › Conexões e adicione a integração; depois copie o link."
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
          <TestOutcome ok={result.ok} testId="notion-test-result">
            {result.message}
          </TestOutcome>
        )}
        <div className="rounded-box border border-base-300 px-4">
          <ToggleRow
            label="Integração ativa"
            description="Quando ativa, o agente pode buscar, criar e complementar notas nas páginas compartilhadas com a integração."
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
          saveLabel="Salvar Notion"
        />
      </form>
      <ConfirmDialog
        open={removing}
        title="Remover integração com o Notion"
        description="O token e o local das notas serão apagados deste agente. As páginas já criadas no Notion continuam lá."
        confirmLabel="Remover"
        pending={remove.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() => remove.mutate({ agentId })}
      />
    </>
  );
}
