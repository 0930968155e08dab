import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { type DealProduct, formatBrl, formatPercent, formatQty, useDealProducts, useRefreshDeal } from "../hooks/use-deal";
import { type ProductInput, ProductFormDialog } from "./product-form";

type Props = { dealId: string; canWrite: boolean };

/** Produtos: the deal's lines with the totals the server computed, and their grand total. */
export function DealProducts({ dealId, canWrite }: Props) {
  const toast = useToast();
  const refresh = useRefreshDeal(dealId);
  const products = useDealProducts(dealId);
  const [form, setForm] = useState<{ editing: DealProduct | null } | null>(null);
  const [removing, setRemoving] = useState<DealProduct | null>(null);
  const [useAsDealValue, setUseAsDealValue] = useState(false);

  const done = (title: string) => (r: { dealValueCents: number | null }) => {
    toast({ title, description: useAsDealValue && r.dealValueCents !== null ? `Valor do negócio: ${formatBrl(r.dealValueCents)}` : undefined });
    setForm(null);
    setRemoving(null);
    void refresh({ products: true, deal: useAsDealValue });
  };
  const fail = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  const add = useMutation(trpc.funnel.products.add.mutationOptions({ onSuccess: done("Produto adicionado"), onError: fail("Erro ao adicionar produto") }));
  const update = useMutation(trpc.funnel.products.update.mutationOptions({ onSuccess: done("Produto atualizado"), onError: fail("Erro ao salvar produto") }));
  const remove = useMutation(trpc.funnel.products.delete.mutationOptions({ onSuccess: done("Produto removido"), onError: fail("Erro ao remover produto") }));

  const save = (input: ProductInput) => {
    const editing = form?.editing;
    if (editing) update.mutate({ id: editing.id, patch: input, useAsDealValue });
    else add.mutate({ dealId, ...input, useAsDealValue });
  };
  const data = products.data;

  return (
    <section aria-labelledby="deal-products-title" className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="deal-products-title" className="font-semibold text-lg">
          Produtos
        </h2>
        {canWrite && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setForm({ editing: null })}>
            <Icon name="plus" className="size-4" />
            Adicionar produto
          </button>
        )}
      </header>
      {products.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : products.isError || !data ? (
        <p className="text-error text-sm">{trpcErrorMessage(products.error, "Não foi possível carregar os produtos.")}</p>
      ) : data.items.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/70 text-sm">Nenhum produto neste negócio.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm">
            <caption className="sr-only">Produtos do negócio</caption>
            <thead>
              <tr>
                <th scope="col">Produto</th>
                <th scope="col" className="text-right">
                  Qtd.
                </th>
                <th scope="col" className="text-right">
                  Preço unit.
                </th>
                <th scope="col" className="text-right">
                  Desconto
                </th>
                <th scope="col" className="text-right">
                  Imposto
                </th>
                <th scope="col" className="text-right">
                  Total
                </th>
                {canWrite && (
                  <th scope="col">
                    <span className="sr-only">Ações</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {data.items.map((p) => (
                <tr key={p.id} data-testid="deal-product">
                  <td className="break-words">{p.name}</td>
                  <td className="text-right tabular-nums">{formatQty(p.quantity)}</td>
                  <td className="whitespace-nowrap text-right tabular-nums">{formatBrl(p.unitPriceCents)}</td>
                  <td className="text-right tabular-nums">{formatPercent(p.discount)}</td>
                  <td className="text-right tabular-nums">{formatPercent(p.tax)}</td>
                  <td className="whitespace-nowrap text-right font-medium tabular-nums">{formatBrl(p.totalCents)}</td>
                  {canWrite && (
                    <td className="whitespace-nowrap text-right">
                      <button type="button" className="btn btn-ghost btn-xs btn-square" aria-label={`Editar produto ${p.name}`} onClick={() => setForm({ editing: p })}>
                        <Icon name="pencil" className="size-4" />
                      </button>
                      <button type="button" className="btn btn-ghost btn-xs btn-square text-error" aria-label={`Remover produto ${p.name}`} onClick={() => setRemoving(p)}>
                        <Icon name="trash" className="size-4" />
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={5} className="text-right">
                  Total geral
                </th>
                <td className="whitespace-nowrap text-right font-semibold tabular-nums" data-testid="deal-products-total">
                  {formatBrl(data.totalCents)}
                </td>
                {canWrite && <td />}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {data && data.items.length > 0 && data.totalCents !== data.dealValueCents && (
        <p className="text-base-content/70 text-sm">
          O valor do negócio ({formatBrl(data.dealValueCents)}) é diferente do total dos produtos. Marque “Usar total dos produtos como valor do negócio” ao salvar um produto para igualá-los.
        </p>
      )}
      <ProductFormDialog
        open={form !== null}
        editing={form?.editing ?? null}
        saving={add.isPending || update.isPending}
        useAsDealValue={useAsDealValue}
        onUseAsDealValue={setUseAsDealValue}
        onSubmit={save}
        onClose={() => setForm(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remover produto"
        description={`O produto "${removing?.name ?? ""}" será removido deste negócio.`}
        confirmLabel="Remover"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ id: removing.id, useAsDealValue })}
      />
    </section>
  );
}
