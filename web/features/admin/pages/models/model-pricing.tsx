import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import type { ModelPricingValues } from "../../../../../src/schemas/admin-credits";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { useToast } from "../../../../components/ui/toast";
import { serverFieldError } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { PricingForm, emptyPricing } from "../../components/models/pricing-form";
import { ProviderModels } from "../../components/models/provider-models";

type Row = ModelPricingValues & { id: string };
type Editing = { id: string | null; initial: ModelPricingValues; key: number } | null;
type Confirm = { kind: "remove" | "deactivate"; row: Row } | null;

const usd = (n: number) => `US$ ${n.toLocaleString("pt-BR", { maximumFractionDigits: 6 })}`;
const fieldsOf = (r: Row): ModelPricingValues => ({
  provider: r.provider,
  modelId: r.modelId,
  displayName: r.displayName,
  inputPricePer1k: r.inputPricePer1k,
  outputPricePer1k: r.outputPricePer1k,
  creditsPerInteraction: r.creditsPerInteraction,
  supportsVision: r.supportsVision,
  supportsFunctionCalling: r.supportsFunctionCalling,
  isActive: r.isActive,
});

/** /admin/modelos: the price of every model (input/output per 1k tokens, minimum credits per call) and "Buscar modelos". */
export default function ModelPricingPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery(trpc.adminCredits.models.list.queryOptions());
  const [search, setSearch] = useState("");
  const [provider, setProvider] = useState("");
  const [editing, setEditing] = useState<Editing>(null);
  const [browsing, setBrowsing] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);

  const done = (title: string) => async () => {
    toast({ title, description: "Vale a partir da próxima cobrança." });
    setEditing(null);
    setConfirm(null);
    await qc.invalidateQueries({ queryKey: trpc.adminCredits.models.list.queryKey() });
  };
  const fail = (title: string) => (e: unknown) => {
    setConfirm(null);
    toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  };
  const create = useMutation(trpc.adminCredits.models.create.mutationOptions({ onSuccess: done("Preço criado") }));
  const update = useMutation(trpc.adminCredits.models.update.mutationOptions({ onSuccess: done("Preço salvo") }));
  const setActive = useMutation(trpc.adminCredits.models.setActive.mutationOptions({ onSuccess: done("Situação alterada"), onError: fail("Não foi possível alterar") }));
  const remove = useMutation(trpc.adminCredits.models.remove.mutationOptions({ onSuccess: done("Preço excluído"), onError: fail("Não foi possível excluir") }));
  const saveError = create.error ?? update.error;
  const serverError = saveError ? { field: serverFieldError(saveError)?.field ?? null, message: trpcErrorMessage(saveError, "Não foi possível salvar.") } : null;

  const open = (id: string | null, initial: ModelPricingValues) => {
    create.reset();
    update.reset();
    setEditing({ id, initial, key: Date.now() });
  };

  const rows = list.data ?? [];
  const providers = [...new Set(rows.map((r) => r.provider))].sort();
  const needle = search.trim().toLowerCase();
  const shown = rows.filter((r) => (!provider || r.provider === provider) && (!needle || `${r.modelId} ${r.displayName}`.toLowerCase().includes(needle)));

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-base-content/60 text-sm">Administração</p>
          <h1 className="font-semibold text-2xl sm:text-3xl">Modelos de IA</h1>
          <p className="mt-1 text-base-content/70 text-sm">
            Preço de cada modelo em dólar por 1.000 tokens; vira créditos pela{" "}
            <Link href="/admin/configuracoes/creditos" className="link">
              configuração de créditos
            </Link>
            . Chaves e URLs ficam em{" "}
            <Link href="/admin/openai-config" className="link">
              Provedores de IA
            </Link>
            .
          </p>
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn" onClick={() => setBrowsing(true)}>
            <Icon name="search" className="size-4" />
            Buscar modelos
          </button>
          <button type="button" className="btn btn-primary" onClick={() => open(null, emptyPricing())}>
            <Icon name="plus" className="size-4" />
            Novo preço
          </button>
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <label className="input w-full sm:w-72">
          <Icon name="search" className="size-4 opacity-60" />
          <input type="search" aria-label="Buscar modelo" placeholder="Buscar modelo" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>Provedor</span>
          <select className="select select-sm" value={provider} onChange={(e) => setProvider(e.target.value)}>
            <option value="">Todos</option>
            {providers.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
      </div>

      {list.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar os preços.")}
        </div>
      ) : shown.length === 0 ? (
        <p className="rounded-box border border-base-300 bg-base-100 p-8 text-center text-base-content/70">{rows.length ? "Nenhum modelo encontrado com estes filtros." : "Nenhum preço cadastrado ainda."}</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table" aria-label="Preços dos modelos">
            <thead>
              <tr>
                <th>Modelo</th>
                <th>Provedor</th>
                <th className="text-right">Entrada / 1k</th>
                <th className="text-right">Saída / 1k</th>
                <th className="text-right">Mín. créditos</th>
                <th>Recursos</th>
                <th>Situação</th>
                <th>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r.id}>
                  <td>
                    <div className="font-medium">{r.displayName}</div>
                    <div className="font-mono text-base-content/60 text-xs">{r.modelId}</div>
                  </td>
                  <td>{r.provider}</td>
                  <td className="whitespace-nowrap text-right tabular-nums">{usd(r.inputPricePer1k)}</td>
                  <td className="whitespace-nowrap text-right tabular-nums">{usd(r.outputPricePer1k)}</td>
                  <td className="text-right tabular-nums">{r.creditsPerInteraction.toLocaleString("pt-BR")}</td>
                  <td className="text-xs">
                    {[r.supportsVision && "Visão", r.supportsFunctionCalling && "Ferramentas"].filter(Boolean).join(" · ") || "—"}
                  </td>
                  <td>
                    <span className={`badge badge-sm ${r.isActive ? "badge-success" : "badge-ghost"}`}>{r.isActive ? "Ativo" : "Inativo"}</span>
                  </td>
                  <td>
                    <div className="flex justify-end gap-1">
                      <button type="button" className="btn btn-ghost btn-sm" aria-label={`Editar ${r.modelId}`} onClick={() => open(r.id, fieldsOf(r))}>
                        <Icon name="pencil" className="size-4" />
                      </button>
                      {r.isActive ? (
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirm({ kind: "deactivate", row: r })}>
                          Desativar
                        </button>
                      ) : (
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setActive.mutate({ id: r.id, isActive: true })}>
                          Ativar
                        </button>
                      )}
                      <button type="button" className="btn btn-ghost btn-sm text-error" aria-label={`Excluir ${r.modelId}`} onClick={() => setConfirm({ kind: "remove", row: r })}>
                        <Icon name="trash" className="size-4" />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {editing && (
        <PricingForm
          key={editing.key}
          open
          title={editing.id ? "Editar preço" : "Novo preço"}
          initial={editing.initial}
          pending={create.isPending || update.isPending}
          serverError={serverError}
          onCancel={() => setEditing(null)}
          onSubmit={(values) => (editing.id ? update.mutate({ id: editing.id, ...values }) : create.mutate(values))}
        />
      )}
      <ProviderModels
        open={browsing}
        onClose={() => setBrowsing(false)}
        onAdd={(p, modelId) => {
          setBrowsing(false);
          open(null, emptyPricing({ provider: p, modelId, displayName: modelId }));
        }}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === "remove" ? "Excluir preço?" : "Desativar modelo?"}
        description={
          confirm?.kind === "remove"
            ? `O preço de ${confirm.row.displayName} (${confirm.row.provider}/${confirm.row.modelId}) será excluído. Sem preço, cada chamada a esse modelo custa só o mínimo de 1 crédito.`
            : `${confirm?.row.displayName ?? ""} deixa de ser oferecido aos agentes. O preço continua guardado e valendo para quem já usa o modelo.`
        }
        confirmLabel={confirm?.kind === "remove" ? "Excluir" : "Desativar"}
        pending={setActive.isPending || remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          if (confirm.kind === "remove") remove.mutate({ id: confirm.row.id });
          else setActive.mutate({ id: confirm.row.id, isActive: false });
        }}
      />
    </div>
  );
}
