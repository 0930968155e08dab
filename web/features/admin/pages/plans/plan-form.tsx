import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { NumberInput, SelectInput, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { TagInput } from "../../../../components/ui/tag-input";
import { useToast } from "../../../../components/ui/toast";
import { type FieldErrors, fieldErrors } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { BILLING_PERIODS, BILLING_PERIOD_LABELS, type BillingPeriod, type PlanInput, planFields, planInput } from "../../../../../src/schemas/billing/plans";
import { centsToInput, inputToCents } from "../../components/billing/money";

type Draft = Omit<PlanInput, "priceCents"> & { price: string };

const emptyDraft = (): Draft => ({
  name: "",
  price: "0,00",
  billingPeriod: "monthly",
  creditsIncluded: 1000,
  features: [],
  isActive: true,
  isPopular: false,
  maxAgents: 1,
  maxWorkspaces: 1,
  maxMembers: 1,
  validityDays: 30,
  sortOrder: 0,
});

/** /admin/planos/criar and /admin/planos/editar/:id: every plan field, checked by the procedure's own schema. */
export default function AdminPlanFormPage() {
  const { id } = useParams<{ id?: string }>();
  const existing = useQuery({ ...trpc.adminBilling.plans.get.queryOptions({ id: id ?? "" }), enabled: !!id });
  if (id && existing.isPending) return <Skeleton className="mx-auto h-96 w-full max-w-3xl" />;
  if (id && existing.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft mx-auto max-w-3xl">
        {trpcErrorMessage(existing.error, "Não foi possível carregar o plano.")}
      </div>
    );
  }
  const p = existing.data;
  const initial: Draft = p
    ? { ...p, billingPeriod: p.billingPeriod as BillingPeriod, price: centsToInput(p.priceCents) }
    : emptyDraft();
  return <PlanForm key={id ?? "new"} id={id ?? null} initial={initial} isFree={p?.billingPeriod === "free"} />;
}

function PlanForm({ id, initial, isFree }: { id: string | null; initial: Draft; isFree: boolean }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [, navigate] = useLocation();
  const qc = useQueryClient();
  const toast = useToast();
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const onSaved = async (r: { sync: { state: string; error: string | null } }) => {
    await qc.invalidateQueries({ queryKey: trpc.adminBilling.plans.list.queryKey() });
    if (id) await qc.invalidateQueries({ queryKey: trpc.adminBilling.plans.get.queryKey({ id }) });
    const desc =
      r.sync.state === "synced"
        ? "Produto e preço atualizados na Stripe."
        : r.sync.state === "pending"
          ? (r.sync.error ?? "A Stripe ainda não está configurada: o plano será sincronizado quando ela for configurada.")
          : undefined;
    toast({ title: "Plano salvo", description: desc, variant: r.sync.error ? "destructive" : "default" });
    navigate("/admin/planos");
  };
  const create = useMutation(trpc.adminBilling.plans.create.mutationOptions({ onSuccess: onSaved }));
  const update = useMutation(trpc.adminBilling.plans.update.mutationOptions({ onSuccess: onSaved }));
  const saving = create.isPending || update.isPending;
  const serverError = create.error ?? update.error;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const { price, ...rest } = draft;
    const parsed = planInput.safeParse({ ...rest, priceCents: draft.billingPeriod === "free" ? 0 : inputToCents(price) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    if (id) update.mutate({ id, ...parsed.data });
    else create.mutate(parsed.data);
  }

  const periods = BILLING_PERIODS.filter((p) => (isFree ? p === "free" : true)).map((p) => ({ value: p, label: BILLING_PERIOD_LABELS[p] }));
  const limit = (k: "maxAgents" | "maxWorkspaces" | "maxMembers", label: string) => (
    <NumberInput label={label} value={draft[k]} min={1} onChange={(v) => set(k, v)} error={errors[k]} />
  );

  return (
    <form className="mx-auto flex max-w-3xl flex-col gap-6" onSubmit={submit} noValidate>
      <div>
        <p className="text-base-content/60 text-sm">
          <Link href="/admin/planos" className="link link-hover">
            Planos
          </Link>
        </p>
        <h1 className="font-semibold text-2xl sm:text-3xl">{id ? "Editar plano" : "Criar plano"}</h1>
        <p className="mt-1 text-base-content/70 text-sm">Um plano pago vira um produto com preço na Stripe. Mudar o preço ou o período cria um novo preço; quem já assina mantém o antigo.</p>
      </div>

      <section className="card border border-base-300 bg-base-100">
        <div className="card-body grid gap-4 sm:grid-cols-2">
          <TextInput label="Nome" value={draft.name} max={60} onChange={(v) => set("name", v)} error={errors.name} className="sm:col-span-2" />
          <SelectInput label="Período de cobrança" value={draft.billingPeriod} options={periods} onChange={(v) => set("billingPeriod", v)} error={errors.billingPeriod} disabled={isFree} />
          <TextInput
            label="Preço (R$)"
            value={draft.billingPeriod === "free" ? "0,00" : draft.price}
            onChange={(v) => set("price", v)}
            error={errors.priceCents}
            hint="Em reais, por período. Mínimo R$ 0,50 para planos pagos."
            disabled={draft.billingPeriod === "free"}
          />
          <NumberInput label="Créditos incluídos por período" value={draft.creditsIncluded} min={0} max={10_000_000} onChange={(v) => set("creditsIncluded", v)} error={errors.creditsIncluded} />
          <NumberInput
            label="Validade (dias)"
            value={draft.validityDays ?? Number.NaN}
            min={1}
            max={3650}
            onChange={(v) => set("validityDays", Number.isNaN(v) ? null : v)}
            error={errors.validityDays}
            hint="Duração de um período atribuído manualmente. Vazio: sem prazo."
          />
          {limit("maxAgents", "Máximo de agentes")}
          {limit("maxWorkspaces", "Máximo de workspaces")}
          {limit("maxMembers", "Máximo de membros por workspace")}
          <NumberInput label="Ordem de exibição" value={draft.sortOrder} min={0} onChange={(v) => set("sortOrder", v)} error={errors.sortOrder} />
        </div>
      </section>

      <section className="card border border-base-300 bg-base-100">
        <div className="card-body">
          <TagInput
            label="Recursos"
            values={draft.features}
            onChange={(v) => set("features", v)}
            placeholder="Digite um recurso e tecle Enter"
            hint="Até 20 itens de até 100 caracteres, mostrados em /planos e na descrição do produto na Stripe."
            error={errors.features ?? Object.entries(errors).find(([k]) => k.startsWith("features."))?.[1]}
            itemSchema={planFields.shape.features.element}
            max={20}
          />
          <ToggleRow label="Ativo" description="Planos inativos não aparecem em /planos; quem já assina continua." checked={draft.isActive} onChange={(v) => set("isActive", v)} disabled={isFree} />
          <ToggleRow label="Mais popular" description="Destaca o plano com o selo 'Mais popular'." checked={draft.isPopular} onChange={(v) => set("isPopular", v)} />
        </div>
      </section>

      {serverError && (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(serverError, "Não foi possível salvar o plano.")}
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Link href="/admin/planos" className="btn btn-ghost">
          Cancelar
        </Link>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving && <ButtonSpinner />}
          Salvar plano
        </button>
      </div>
    </form>
  );
}
