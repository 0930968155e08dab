import { useMutation, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ANTI_BLOCK_PROFILE_LABEL } from "../../../../src/schemas/campaigns/settings";
import { useToast } from "../../../components/ui/toast";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { type FieldErrors, serverFieldError } from "../../../lib/form-errors";
import { trpc, trpcClient, trpcErrorMessage } from "../../../lib/trpc";
import { type CampaignForm, EMPTY_FORM, STEPS, firstStepWithError, msToSaoPaulo, saoPauloToMs, toInput, validateSteps } from "../components/create/form-state";
import { StepConnection } from "../components/create/step-connection";
import { StepList } from "../components/create/step-list";
import { StepMessages } from "../components/create/step-messages";
import { StepSending } from "../components/create/step-sending";
import { useCampaignConnections, useCampaignLists, useCampaignPermissions, useRefreshCampaigns } from "../hooks/use-campaigns";

/** /campanhas/criar (and ?id=… to edit a draft): the step-by-step form, checked with the server's schema at every step. */
export default function CampaignCreatePage() {
  const editId = new URLSearchParams(useSearch()).get("id");
  const existing = useQuery(trpc.campaigns.get.queryOptions({ id: editId ?? "" }, { enabled: Boolean(editId) }));
  const [form, setForm] = useState<CampaignForm>(EMPTY_FORM);
  const [loaded, setLoaded] = useState(!editId);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [, navigate] = useLocation();
  const toast = useToast();
  const refresh = useRefreshCampaigns();
  const perms = useCampaignPermissions();
  const set = useCallback((patch: Partial<CampaignForm>) => setForm((f) => ({ ...f, ...patch })), []);

  useEffect(() => {
    const c = existing.data;
    if (!c || loaded) return;
    setForm({
      name: c.name,
      listId: c.listId ?? "",
      connectionId: c.connection?.id ?? "",
      channel: c.connection?.channel ?? null,
      messages: c.messages.length > 0 ? c.messages : [""],
      template: c.template ?? null,
      media: c.media ? { url: c.media.url, kind: c.media.kind, name: c.media.name ?? "" } : null,
      startMode: c.startAt ? "later" : "now",
      startLocal: c.startAt ? msToSaoPaulo(c.startAt) : "",
      settings: c.settings,
    });
    setLoaded(true);
  }, [existing.data, loaded]);

  const save = useMutation({
    mutationFn: async (startAfter: boolean) => {
      const input = toInput(form);
      const saved = editId ? await trpcClient.campaigns.update.mutate({ id: editId, patch: input }) : await trpcClient.campaigns.create.mutate(input);
      if (startAfter) await trpcClient.campaigns.start.mutate({ id: saved.id });
      return { id: saved.id, started: startAfter };
    },
    onSuccess: async (r) => {
      toast({ title: r.started ? "Campanha iniciada" : "Rascunho salvo" });
      await refresh();
      navigate(`/campanhas/${r.id}`);
    },
    onError: (e) => {
      const field = serverFieldError(e);
      if (field) {
        setErrors({ [field.field]: field.message });
        const at = firstStepWithError({ [field.field]: field.message });
        if (at !== -1) setStep(at);
      }
      toast({ title: trpcErrorMessage(e, "Não foi possível salvar a campanha"), variant: "destructive" });
    },
  });

  const next = () => {
    const found = validateSteps(form, step);
    setErrors(found);
    const at = firstStepWithError(found);
    if (at === -1) setStep(Math.min(step + 1, STEPS.length - 1));
    else setStep(at);
  };
  const submit = (startAfter: boolean) => {
    const found = validateSteps(form, STEPS.length - 1);
    setErrors(found);
    const at = firstStepWithError(found);
    if (at !== -1) return setStep(at);
    save.mutate(startAfter);
  };

  if (editId && !loaded) return <p className="text-base-content/60">{existing.isError ? "Campanha não encontrada." : "Carregando campanha…"}</p>;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <div>
        <Link href="/campanhas" className="link text-sm">
          ← Campanhas
        </Link>
        <h1 className="font-semibold text-2xl sm:text-3xl">{editId ? "Editar campanha" : "Criar campanha"}</h1>
      </div>
      <ul className="steps w-full" aria-label="Etapas">
        {STEPS.map((label, i) => (
          <li key={label} className={`step ${i <= step ? "step-primary" : ""}`} aria-current={i === step ? "step" : undefined}>
            <button type="button" className="text-sm" disabled={i > step} onClick={() => setStep(i)}>
              {label}
            </button>
          </li>
        ))}
      </ul>
      <section className="card border border-base-300 bg-base-100" aria-labelledby="step-title">
        <div className="card-body gap-4">
          <h2 id="step-title" className="card-title text-lg">
            {`${step + 1}. ${STEPS[step]}`}
          </h2>
          {step === 0 && <StepList form={form} errors={errors} set={set} />}
          {step === 1 && <StepConnection form={form} errors={errors} set={set} />}
          {step === 2 && <StepMessages form={form} errors={errors} set={set} />}
          {step === 3 && <StepSending form={form} errors={errors} set={set} />}
          {step === 4 && <Review form={form} />}
          <div className="card-actions justify-between border-base-300 border-t pt-4">
            <button type="button" className="btn btn-ghost" disabled={step === 0} onClick={() => setStep(step - 1)}>
              Voltar
            </button>
            {step < STEPS.length - 1 ? (
              <button type="button" className="btn btn-primary" onClick={next}>
                Continuar
              </button>
            ) : (
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn" disabled={save.isPending} onClick={() => submit(false)}>
                  {save.isPending && save.variables === false && <ButtonSpinner />}
                  Salvar rascunho
                </button>
                {perms.canStart && (
                  <button type="button" className="btn btn-primary" disabled={save.isPending} onClick={() => submit(true)}>
                    {save.isPending && save.variables === true && <ButtonSpinner />}
                    {form.startMode === "later" ? "Agendar campanha" : "Iniciar campanha"}
                  </button>
                )}
              </div>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}

/** Step 5: everything chosen, in words, before saving or starting. */
function Review({ form }: { form: CampaignForm }) {
  const lists = useCampaignLists();
  const connections = useCampaignConnections();
  const list = lists.data?.items.find((l) => l.id === form.listId);
  const connection = connections.data?.find((c) => c.id === form.connectionId);
  const startAt = form.startMode === "later" ? saoPauloToMs(form.startLocal) : null;
  const rows: [string, string][] = [
    ["Nome", form.name],
    ["Lista", list ? `${list.name} (${list.contactCount} contatos)` : "—"],
    ["Conexão", connection?.label ?? "—"],
    ["Mensagem", form.channel === "whatsapp_cloud" ? `Modelo ${form.template?.name ?? "—"}` : `${form.messages.length} ${form.messages.length === 1 ? "variação" : "variações"}`],
    ["Anexo", form.media?.url ? form.media.url : "Nenhum"],
    ["Início", startAt ? formatDateTime(startAt) : "Ao iniciar"],
    ["Modelo anti-bloqueio", ANTI_BLOCK_PROFILE_LABEL[form.settings.profile]],
    ["Ritmo", `${form.settings.minIntervalSeconds}–${form.settings.maxIntervalSeconds} s entre envios · até ${form.settings.maxPerHour}/hora e ${form.settings.maxPerDay}/dia`],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-medium text-base-content/70 text-sm">{k}</dt>
          <dd className="break-words text-sm">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
