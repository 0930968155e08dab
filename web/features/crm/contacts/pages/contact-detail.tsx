import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { contactFields } from "../../../../../src/schemas/crm/contacts";
import { formatPhone } from "../../../../../src/schemas/crm/normalize";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { ButtonSpinner, PageLoader } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { type FieldErrors, fieldErrors, serverFieldError } from "../../../../lib/form-errors";
import { formatDateTime } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { ContactVariablesCard } from "../../variables/components/contact-variables-card";
import { ContactMemorySection } from "../../../memory/components/contact-memory";
import { ContactSummariesSection } from "../../../memory/components/conversation-summaries";
import { ContactForm, type ContactFormValues, toFormValues, toInput } from "../components/contact-form";
import { ContactTimeline } from "../components/contact-timeline";
import { LgpdActions } from "../components/lgpd-actions";
import { type ContactDetail, useCrmPermissions, useRefreshContacts } from "../hooks/use-contacts";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const CHANNEL: Record<string, string> = { whatsapp: "WhatsApp", telegram: "Telegram", instagram: "Instagram", web: "Chat do site" };

/** /contatos/:contactId: the contact's fields (editable), deals, conversations, variables and timeline. */
export default function ContactDetailPage() {
  const { contactId = "" } = useParams<{ contactId: string }>();
  const q = useQuery(trpc.contacts.get.queryOptions({ id: contactId }, { retry: false }));
  if (q.isPending) return <PageLoader label="Carregando contato..." />;
  if (q.isError)
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-3">
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(q.error, "Não foi possível carregar o contato.")}
        </div>
        <Link href="/contatos" className="link">
          Voltar para contatos
        </Link>
      </div>
    );
  return <ContactView key={q.data.contact.id} data={q.data} />;
}

function ContactView({ data }: { data: ContactDetail }) {
  const c = data.contact;
  const perms = useCrmPermissions();
  const initial = toFormValues(c);
  const [values, setValues] = useState<ContactFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [deleting, setDeleting] = useState(false);
  const toast = useToast();
  const refresh = useRefreshContacts();
  const [, navigate] = useLocation();
  // A save elsewhere (bulk action, agent) refreshes the form only while it has no unsaved edits.
  const [base, setBase] = useState(initial);
  const latest = useRef({ values, base });
  latest.current = { values, base };
  useEffect(() => {
    const fresh = toFormValues(c);
    if (JSON.stringify(latest.current.values) === JSON.stringify(latest.current.base)) setValues(fresh);
    setBase(fresh);
  }, [c]);
  const update = useMutation(
    trpc.contacts.update.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Contato salvo" });
        await refresh();
      },
      onError: (e) => {
        const f = serverFieldError(e);
        if (f) setErrors({ [f.field]: f.message });
        else toast({ variant: "destructive", title: "Não foi possível salvar", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  const remove = useMutation(
    trpc.contacts.delete.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Contato excluído" });
        await refresh();
        navigate("/contatos");
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível excluir", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const now = toInput(values);
  const before = toInput(base);
  // Only what changed is sent: the fields a person touches become manual values the agent keeps off.
  const patch = Object.fromEntries(Object.entries(now).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k as keyof typeof before])));
  const dirty = Object.keys(patch).length > 0;
  function save() {
    const parsed = contactFields.partial().safeParse(patch);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    update.mutate({ id: c.id, patch });
  }
  const openDeals = data.deals.filter((d) => d.status === "open");
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <nav aria-label="Navegação estrutural" className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link href="/contatos">Contatos</Link>
          </li>
          <li aria-current="page">{c.name}</li>
        </ul>
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl sm:text-3xl">{c.name}</h1>
          <p className="text-base-content/70 text-sm">
            {[formatPhone(c.phone), c.email, c.companyName].filter(Boolean).join(" · ") || "Sem telefone ou e-mail"}
            {c.lastContactAt ? ` · último contato em ${formatDateTime(c.lastContactAt)}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <LgpdActions contact={c} canWrite={perms.canWrite} canErase={perms.canErase} />
          {perms.canWrite && (
            <button type="button" className="btn btn-sm btn-ghost text-error" onClick={() => setDeleting(true)}>
              Excluir contato
            </button>
          )}
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="fields-title" className="rounded-box border border-base-300 bg-base-100 p-4">
          <h2 id="fields-title" className="mb-3 font-semibold">
            Dados do contato
          </h2>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
          >
            <ContactForm values={values} onChange={setValues} errors={errors} disabled={!perms.canWrite || update.isPending} />
            {perms.canWrite && (
              <div className="mt-4 flex justify-end gap-2">
                <button type="button" className="btn btn-ghost" disabled={!dirty || update.isPending} onClick={() => setValues(base)}>
                  Descartar alterações
                </button>
                <button type="submit" className="btn btn-primary" disabled={!dirty || update.isPending}>
                  {update.isPending && <ButtonSpinner />}
                  Salvar
                </button>
              </div>
            )}
          </form>
        </section>
        <div className="flex flex-col gap-4">
          <section aria-labelledby="deals-title" className="rounded-box border border-base-300 bg-base-100 p-4">
            <h2 id="deals-title" className="mb-2 font-semibold">
              Negócios abertos
            </h2>
            {openDeals.length ? (
              <ul className="flex flex-col gap-2">
                {openDeals.map((d) => (
                  <li key={d.id} className="flex items-center justify-between gap-2 text-sm">
                    <Link href={`/funil/negocios/${d.id}`} className="link link-hover font-medium">
                      {d.title}
                    </Link>
                    <span className="flex items-center gap-2 whitespace-nowrap">
                      <span className="badge badge-sm" style={{ borderColor: d.stageColor }}>
                        {d.stageName}
                      </span>
                      {brl.format(d.valueCents / 100)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-base-content/70 text-sm">Nenhum negócio aberto.</p>
            )}
          </section>
          <section aria-labelledby="convs-title" className="rounded-box border border-base-300 bg-base-100 p-4">
            <h2 id="convs-title" className="mb-2 font-semibold">
              Conversas
            </h2>
            {data.conversations.length ? (
              <ul className="flex flex-col gap-2">
                {data.conversations.map((v) => (
                  <li key={v.id} className="flex items-center justify-between gap-2 text-sm">
                    <Link href={`/conversations?c=${v.id}`} className="link link-hover font-medium">
                      {CHANNEL[v.channel] ?? v.channel}
                    </Link>
                    <span className="text-base-content/70">{formatDateTime(v.lastMessageAt ?? v.createdAt)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-base-content/70 text-sm">Nenhuma conversa ainda.</p>
            )}
          </section>
          {data.lists.length > 0 && (
            <section aria-labelledby="lists-title" className="rounded-box border border-base-300 bg-base-100 p-4">
              <h2 id="lists-title" className="mb-2 font-semibold">
                Listas
              </h2>
              <div className="flex flex-wrap gap-1">
                {data.lists.map((l) => (
                  <span key={l.id} className="badge badge-outline">
                    {l.name}
                  </span>
                ))}
              </div>
            </section>
          )}
          <ContactVariablesCard contactId={c.id} />
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ContactMemorySection contactId={c.id} canWrite={perms.canWrite} />
        <ContactSummariesSection contactId={c.id} />
      </div>
      <ContactTimeline contactId={c.id} />
      <ConfirmDialog
        open={deleting}
        title="Excluir contato"
        description={
          <>
            <strong>{c.name}</strong> será excluído com suas variáveis e listas. Os negócios ficam no funil, sem contato. Esta ação não pode ser desfeita.
          </>
        }
        confirmLabel="Excluir contato"
        pending={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => remove.mutate({ id: c.id })}
      />
    </div>
  );
}
