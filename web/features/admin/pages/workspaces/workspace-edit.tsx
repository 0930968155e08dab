import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { adminSetLimitsInput } from "../../../../../src/schemas/admin-workspaces";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { NumberInput } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { useToast } from "../../../../components/ui/toast";
import { type FieldErrors, fieldErrors } from "../../../../lib/form-errors";
import { formatDate, formatNumber } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

const ROLE_LABEL: Record<string, string> = { admin: "Administrador", member: "Membro", viewer: "Leitor" };
/** An empty box means "the plan's limit" (null). */
const orNull = (n: number) => (Number.isFinite(n) ? n : null);

/** /admin/workspaces/editar/{id}: plan assigned by hand, limits over the plan's, credits and members of one workspace. */
export default function AdminWorkspaceEditPage() {
  const { id = "" } = useParams<{ id?: string }>();
  const qc = useQueryClient();
  const toast = useToast();
  const detail = useQuery(trpc.adminWorkspaces.get.queryOptions({ id }));
  const plans = useQuery(trpc.adminWorkspaces.planOptions.queryOptions());
  const [planId, setPlanId] = useState("");
  const [maxAgents, setMaxAgents] = useState(Number.NaN);
  const [maxMembers, setMaxMembers] = useState(Number.NaN);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirm, setConfirm] = useState<"plan" | "limits" | null>(null);
  const ws = detail.data;

  useEffect(() => {
    if (!ws) return;
    setPlanId(ws.plan.id);
    setMaxAgents(ws.overrides.maxAgents ?? Number.NaN);
    setMaxMembers(ws.overrides.maxMembers ?? Number.NaN);
  }, [ws]);

  const refresh = () => qc.invalidateQueries({ queryKey: trpc.adminWorkspaces.get.queryKey({ id }) });
  const fail = (title: string) => (e: unknown) => {
    setConfirm(null);
    toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  };
  const setPlan = useMutation(
    trpc.adminWorkspaces.setPlan.mutationOptions({
      onSuccess: async (r) => {
        setConfirm(null);
        toast({ title: `Plano alterado para ${r.planName}` });
        await refresh();
      },
      onError: fail("Não foi possível trocar o plano"),
    }),
  );
  const setLimits = useMutation(
    trpc.adminWorkspaces.setLimits.mutationOptions({
      onSuccess: async (r) => {
        setConfirm(null);
        const moved = r.paused ? ` ${r.paused} agente(s) pausado(s).` : r.resumed ? ` ${r.resumed} agente(s) reativado(s).` : "";
        toast({ title: "Limites salvos", description: moved || undefined });
        await refresh();
      },
      onError: fail("Não foi possível salvar os limites"),
    }),
  );

  if (detail.isPending) return <Skeleton className="mx-auto h-96 w-full max-w-5xl" />;
  if (detail.isError || !ws)
    return (
      <div role="alert" className="alert alert-error alert-soft mx-auto max-w-5xl">
        {trpcErrorMessage(detail.error, "Não foi possível carregar o workspace.")}
      </div>
    );

  const targetPlan = (plans.data ?? []).find((p) => p.id === planId);
  const limitsInput = { workspaceId: ws.id, maxAgents: orNull(maxAgents), maxMembers: orNull(maxMembers) };

  function askLimits() {
    const parsed = adminSetLimitsInput.safeParse(limitsInput);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setConfirm("limits");
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <Link href="/admin/espacos" className="link link-hover text-base-content/70 text-sm">
          ← Workspaces
        </Link>
        <h1 className="font-semibold text-2xl sm:text-3xl">{ws.name}</h1>
        <p className="mt-1 text-base-content/70 text-sm">
          Dono: {ws.owner.name} ({ws.owner.email}) · criado em {formatDate(ws.createdAt)}
          {ws.owner.status !== "active" && <span className="badge badge-sm badge-error ml-2">Dono suspenso</span>}
        </p>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        <div className="stat rounded-box border border-base-300 bg-base-100">
          <div className="stat-title">Créditos disponíveis</div>
          <div className="stat-value text-2xl tabular-nums">{formatNumber(ws.credits)}</div>
          <div className="stat-actions">
            <Link href={`/admin/gestao-creditos?workspace=${ws.id}`} className="btn btn-sm btn-primary">
              Conceder créditos
            </Link>
          </div>
        </div>
        <div className="stat rounded-box border border-base-300 bg-base-100">
          <div className="stat-title">Agentes</div>
          <div className="stat-value text-2xl tabular-nums">
            {ws.agents.total}/{ws.limits.maxAgents}
          </div>
          <div className="stat-desc">{ws.agents.active} ativo(s)</div>
        </div>
        <div className="stat rounded-box border border-base-300 bg-base-100">
          <div className="stat-title">Membros</div>
          <div className="stat-value text-2xl tabular-nums">
            {ws.members.length}/{ws.limits.maxMembers}
          </div>
        </div>
      </div>

      <section className="rounded-box border border-base-300 bg-base-100 p-5" aria-labelledby="plano">
        <h2 id="plano" className="font-semibold text-lg">
          Plano
        </h2>
        <p className="text-base-content/70 text-sm">
          Atual: <strong>{ws.plan.name}</strong>
          {ws.subscription?.byStripe ? " (assinatura paga na Stripe)" : ws.subscription ? ` desde ${formatDate(ws.subscription.startDate)}` : ""}
          {ws.subscription?.endDate ? `, até ${formatDate(ws.subscription.endDate)}` : ""}.
        </p>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm">
            <span>Novo plano</span>
            <select className="select" value={planId} onChange={(e) => setPlanId(e.target.value)}>
              {(plans.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} · até {p.maxAgents} agente(s), {p.maxMembers} membro(s){p.isActive ? "" : " (inativo)"}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-primary" disabled={!planId || planId === ws.plan.id} onClick={() => setConfirm("plan")}>
            Atribuir plano
          </button>
        </div>
      </section>

      <section className="rounded-box border border-base-300 bg-base-100 p-5" aria-labelledby="limites">
        <h2 id="limites" className="font-semibold text-lg">
          Limites deste workspace
        </h2>
        <p className="text-base-content/70 text-sm">Valem no lugar dos limites do plano. Deixe em branco para usar o do plano.</p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <NumberInput label="Máximo de agentes" value={maxAgents} onChange={setMaxAgents} min={1} max={1000} error={errors.maxAgents} hint={`Plano: ${ws.plan.maxAgents}`} />
          <NumberInput label="Máximo de membros" value={maxMembers} onChange={setMaxMembers} min={1} max={1000} error={errors.maxMembers} hint={`Plano: ${ws.plan.maxMembers}`} />
        </div>
        <div className="mt-4 flex justify-end">
          <button type="button" className="btn btn-primary" onClick={askLimits}>
            Salvar limites
          </button>
        </div>
      </section>

      <section className="rounded-box border border-base-300 bg-base-100 p-5" aria-labelledby="membros">
        <h2 id="membros" className="font-semibold text-lg">
          Membros
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="table">
            <thead>
              <tr>
                <th>Nome</th>
                <th>E-mail</th>
                <th>Função</th>
                <th>Desde</th>
              </tr>
            </thead>
            <tbody>
              {ws.members.map((m) => (
                <tr key={m.userId}>
                  <td>
                    <Link href={`/admin/usuarios/${m.userId}`} className="link link-hover">
                      {m.name}
                    </Link>
                    {m.isOwner && <span className="badge badge-sm badge-primary ml-2">Dono</span>}
                    {m.status !== "active" && <span className="badge badge-sm badge-error ml-2">Suspenso</span>}
                  </td>
                  <td>{m.email}</td>
                  <td>{m.isOwner ? "Dono" : (ROLE_LABEL[m.role] ?? m.role)}</td>
                  <td className="whitespace-nowrap">{formatDate(m.joinedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <ConfirmDialog
        open={confirm === "plan"}
        tone="primary"
        title="Atribuir plano?"
        description={
          <>
            O workspace passa de <strong>{ws.plan.name}</strong> para <strong>{targetPlan?.name}</strong> sem cobrança. Agentes além do limite do novo plano são pausados
            (os mais novos primeiro).
          </>
        }
        confirmLabel="Atribuir plano"
        pending={setPlan.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => setPlan.mutate({ workspaceId: ws.id, planId })}
      />
      <ConfirmDialog
        open={confirm === "limits"}
        tone="primary"
        title="Salvar limites?"
        description={`Agentes: ${limitsInput.maxAgents ?? `do plano (${ws.plan.maxAgents})`} · Membros: ${limitsInput.maxMembers ?? `do plano (${ws.plan.maxMembers})`}. Um limite de agentes menor pausa os agentes mais novos além dele.`}
        confirmLabel="Salvar"
        pending={setLimits.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => setLimits.mutate(limitsInput)}
      />
    </div>
  );
}
