import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Dialog } from "../../../../components/ui/dialog";
import { NumberInput, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { type FieldErrors, fieldErrors } from "../../../../lib/form-errors";
import { formatNumber } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { type PackInput, packInput } from "../../../../../src/schemas/billing/credit-packs-admin";
import { centsToInput, formatCents, inputToCents } from "./money";

type Draft = Omit<PackInput, "priceCents"> & { id: string | null; price: string };
const emptyDraft = (): Draft => ({ id: null, name: "", credits: 1000, price: "49,00", expiresInDays: null, isActive: true, sortOrder: 0 });

/** "Pacotes de créditos" on /admin/planos: the packs sold on /creditos-adicionais. */
export function CreditPacksSection() {
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery(trpc.adminBilling.packs.list.queryOptions());
  const [editing, setEditing] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.adminBilling.packs.list.queryKey() });
  const fail = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  const saved = async () => {
    toast({ title: "Pacote salvo" });
    setEditing(null);
    await refresh();
  };
  const create = useMutation(trpc.adminBilling.packs.create.mutationOptions({ onSuccess: saved }));
  const update = useMutation(trpc.adminBilling.packs.update.mutationOptions({ onSuccess: saved }));
  const setActive = useMutation(trpc.adminBilling.packs.setActive.mutationOptions({ onSuccess: refresh, onError: fail("Não foi possível mudar o pacote") }));
  const remove = useMutation(
    trpc.adminBilling.packs.remove.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Pacote excluído" });
        setRemoving(null);
        await refresh();
      },
      onError: (e) => {
        setRemoving(null);
        fail("Não foi possível excluir")(e);
      },
    }),
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <button type="button" className="btn btn-primary" onClick={() => setEditing(emptyDraft())}>
          <Icon name="plus" className="size-4" />
          Criar pacote
        </button>
      </div>
      {list.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar os pacotes.")}
        </div>
      ) : list.data.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed bg-base-100 p-8 text-center text-base-content/60 text-sm">Nenhum pacote de créditos ainda.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th>Pacote</th>
                <th>Créditos</th>
                <th>Preço</th>
                <th>Validade</th>
                <th>Situação</th>
                <th>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <tr key={p.id} className={p.isActive ? "" : "opacity-60"}>
                  <td className="font-medium">{p.name}</td>
                  <td className="tabular-nums">{formatNumber(p.credits)}</td>
                  <td className="whitespace-nowrap">{formatCents(p.priceCents)}</td>
                  <td>{p.expiresInDays ? `${p.expiresInDays} dias` : "Não expira"}</td>
                  <td>
                    <span className={`badge badge-sm ${p.isActive ? "badge-success" : "badge-ghost"}`}>{p.isActive ? "Ativo" : "Inativo"}</span>
                  </td>
                  <td>
                    <div className="flex justify-end gap-1">
                      <button type="button" className="btn btn-ghost btn-sm" aria-label={`Editar ${p.name}`} onClick={() => setEditing({ ...p, price: centsToInput(p.priceCents) })}>
                        <Icon name="pencil" className="size-4" />
                      </button>
                      <button type="button" className="btn btn-ghost btn-sm" disabled={setActive.isPending} onClick={() => setActive.mutate({ id: p.id, isActive: !p.isActive })}>
                        {p.isActive ? "Desativar" : "Ativar"}
                      </button>
                      <button type="button" className="btn btn-ghost btn-sm text-error" aria-label={`Excluir ${p.name}`} onClick={() => setRemoving({ id: p.id, name: p.name })}>
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
        <PackDialog
          initial={editing}
          saving={create.isPending || update.isPending}
          serverError={create.error || update.error ? trpcErrorMessage(create.error ?? update.error, "Não foi possível salvar o pacote.") : null}
          onCancel={() => {
            create.reset();
            update.reset();
            setEditing(null);
          }}
          onSave={(id, input) => (id ? update.mutate({ id, ...input }) : create.mutate(input))}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Excluir pacote?"
        description={`O pacote ${removing?.name ?? ""} será excluído. Um pacote já comprado não pode ser excluído: desative-o.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </div>
  );
}

function PackDialog({ initial, saving, serverError, onCancel, onSave }: { initial: Draft; saving: boolean; serverError: string | null; onCancel: () => void; onSave: (id: string | null, input: PackInput) => void }) {
  const [d, setD] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((cur) => ({ ...cur, [k]: v }));
  function submit() {
    const { id, price, ...rest } = d;
    const parsed = packInput.safeParse({ ...rest, priceCents: inputToCents(price) });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    onSave(id, parsed.data);
  }
  return (
    <Dialog
      open
      onClose={onCancel}
      title={d.id ? "Editar pacote" : "Criar pacote"}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={saving}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" onClick={submit} disabled={saving}>
            {saving && <ButtonSpinner />}
            Salvar pacote
          </button>
        </>
      }
    >
      <div className="grid gap-4">
        <TextInput label="Nome do pacote" value={d.name} max={60} onChange={(v) => set("name", v)} error={errors.name} />
        <NumberInput label="Créditos" value={d.credits} min={1} max={100_000} onChange={(v) => set("credits", v)} error={errors.credits} hint="De 1 a 100.000 créditos." />
        <TextInput label="Preço (R$)" value={d.price} onChange={(v) => set("price", v)} error={errors.priceCents} hint="Mínimo R$ 0,50." />
        <NumberInput
          label="Validade (dias)"
          value={d.expiresInDays ?? Number.NaN}
          min={1}
          max={3650}
          onChange={(v) => set("expiresInDays", Number.isNaN(v) ? null : v)}
          error={errors.expiresInDays}
          hint="Vazio: os créditos nunca expiram."
        />
        <NumberInput label="Ordem de exibição" value={d.sortOrder} min={0} onChange={(v) => set("sortOrder", v)} error={errors.sortOrder} />
        <ToggleRow label="Ativo" description="Pacotes inativos não aparecem em /creditos-adicionais." checked={d.isActive} onChange={(v) => set("isActive", v)} />
        {serverError && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {serverError}
          </div>
        )}
      </div>
    </Dialog>
  );
}
