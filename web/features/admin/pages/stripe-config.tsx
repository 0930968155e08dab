import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { TextInput, ToggleRow } from "../../../components/ui/fields";
import { Icon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { copyText } from "../../../lib/clipboard";
import { type FieldErrors, fieldErrors } from "../../../lib/form-errors";
import { formatDateTime } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { usePublicConfig } from "../../auth/hooks/use-public-config";
import { type StripeConfigView, stripeConfigInput } from "../../../../src/schemas/billing/stripe-config";

/** /admin/stripe-config: the platform's Stripe keys (secrets never shown back), Pix/boleto, "Testar", the webhook URL. */
export default function StripeConfigPage() {
  const view = useQuery(trpc.adminBilling.stripe.get.queryOptions());
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Administração</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Configuração Stripe</h1>
        <p className="mt-1 text-base-content/70 text-sm">A conta Stripe que recebe os pagamentos. A chave secreta e o segredo do webhook ficam criptografados e nunca voltam para a tela.</p>
      </div>
      {view.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : view.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(view.error, "Não foi possível carregar a configuração.")}
        </div>
      ) : (
        <StripeForm view={view.data} />
      )}
      <WebhookCard />
    </div>
  );
}

function StripeForm({ view }: { view: StripeConfigView }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [secretKey, setSecretKey] = useState("");
  const [webhookSecret, setWebhookSecret] = useState("");
  const [publishableKey, setPublishableKey] = useState(view.publishableKey);
  const [enablePix, setEnablePix] = useState(view.enablePix);
  const [enableBoleto, setEnableBoleto] = useState(view.enableBoleto);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation(
    trpc.adminBilling.stripe.save.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Configuração salva" });
        setSecretKey("");
        setWebhookSecret("");
        await qc.invalidateQueries({ queryKey: trpc.adminBilling.stripe.get.queryKey() });
        await qc.invalidateQueries({ queryKey: trpc.adminBilling.plans.list.queryKey() });
      },
    }),
  );
  const test = useMutation(trpc.adminBilling.stripe.test.mutationOptions());

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = stripeConfigInput.safeParse({ secretKey, webhookSecret, publishableKey, enablePix, enableBoleto });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data);
  }
  const stored = (has: boolean) => (has ? <span className="badge badge-success badge-sm">configurada</span> : <span className="badge badge-ghost badge-sm">não configurada</span>);

  return (
    <form className="card border border-base-300 bg-base-100" onSubmit={submit} noValidate>
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="card-title text-lg">Chaves da API</h2>
          {view.mode === "live" && <span className="badge badge-error">Modo produção</span>}
          {view.mode === "test" && <span className="badge badge-warning">Modo teste</span>}
          {view.updatedAt && <span className="text-base-content/60 text-xs">Atualizado em {formatDateTime(view.updatedAt)}</span>}
        </div>
        <TextInput
          label="Chave secreta"
          type="password"
          value={secretKey}
          onChange={setSecretKey}
          error={errors.secretKey}
          placeholder={view.hasSecretKey ? "•••••••• (deixe em branco para manter)" : "sk_live_… ou sk_test_…"}
          hint={<span className="inline-flex items-center gap-2">Chave secreta {stored(view.hasSecretKey)}</span>}
        />
        <TextInput label="Chave publicável" value={publishableKey} onChange={setPublishableKey} error={errors.publishableKey} placeholder="pk_live_… ou pk_test_…" />
        <TextInput
          label="Segredo do webhook"
          type="password"
          value={webhookSecret}
          onChange={setWebhookSecret}
          error={errors.webhookSecret}
          placeholder={view.hasWebhookSecret ? "•••••••• (deixe em branco para manter)" : "whsec_…"}
          hint={<span className="inline-flex items-center gap-2">Segredo do webhook {stored(view.hasWebhookSecret)}</span>}
        />
        <div className="divide-y divide-base-200">
          <ToggleRow label="Pix" description="Oferece Pix no checkout (a conta Stripe precisa ter o Pix habilitado)." checked={enablePix} onChange={setEnablePix} />
          <ToggleRow label="Boleto" description="Oferece boleto no checkout (a conta Stripe precisa ter o boleto habilitado)." checked={enableBoleto} onChange={setEnableBoleto} />
        </div>
        {save.isError && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {trpcErrorMessage(save.error, "Não foi possível salvar.")}
          </div>
        )}
        {test.data && (
          <div role="status" className={`alert alert-soft text-sm ${test.data.ok ? "alert-success" : "alert-error"}`}>
            {test.data.ok ? `Conectado à conta ${test.data.name ?? test.data.accountId}${test.data.country ? ` (${test.data.country})` : ""}.` : `Falha no teste: ${test.data.error}`}
          </div>
        )}
        {test.isError && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {trpcErrorMessage(test.error, "Não foi possível testar.")}
          </div>
        )}
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-ghost" disabled={test.isPending || (!secretKey && !view.hasSecretKey)} onClick={() => test.mutate({ secretKey })}>
            {test.isPending && <ButtonSpinner />}
            Testar
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <ButtonSpinner />}
            Salvar
          </button>
        </div>
      </div>
    </form>
  );
}

function WebhookCard() {
  const toast = useToast();
  const appUrl = usePublicConfig().data?.appUrl ?? window.location.origin;
  const url = `${appUrl.replace(/\/$/, "")}/webhooks/stripe`;
  return (
    <section className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h2 className="card-title text-lg">Webhook</h2>
        <p className="text-base-content/70 text-sm">
          Na Stripe, crie um endpoint de webhook com esta URL e os eventos checkout.session.completed, invoice.paid, invoice.payment_failed, customer.subscription.updated,
          customer.subscription.deleted e charge.refunded. Depois cole aqui o segredo de assinatura (whsec_…).
        </p>
        <div className="join w-full">
          <input className="input join-item w-full font-mono text-sm" readOnly value={url} aria-label="URL do webhook" />
          <button
            type="button"
            className="btn join-item"
            onClick={async () => {
              await copyText(url);
              toast({ title: "URL copiada" });
            }}
          >
            <Icon name="copy" className="size-4" />
            Copiar
          </button>
        </div>
      </div>
    </section>
  );
}
