import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import { CONTACT_STATUS_LABEL, type ContactStatus } from "../../../../src/schemas/crm/contacts";
import { createConversationDealInput } from "../../../../src/schemas/crm/inbox";
import { MAX_DEAL_CENTS } from "../../../../src/schemas/crm/funnel";
import { parseBrlToCents } from "../../../../src/schemas/crm/money";
import { formatPhone } from "../../../../src/schemas/crm/normalize";
import { Dialog } from "../../../components/ui/dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { trpcErrorMessage } from "../../../lib/trpc";
import { type ContactCardData, useContactCard, useCreateContact, useCreateDeal } from "../hooks/use-contact-card";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/**
 * The conversation's customer as the CRM knows them: contact data, open deals, "Criar negócio"
 * (and "Criar contato" while there is none). Viewers see it without the buttons.
 */
export function ContactCard({ conversationId, canAnswer }: { conversationId: string; canAnswer: boolean }) {
  const card = useContactCard(conversationId);
  const headingId = useId();
  const [dealOpen, setDealOpen] = useState(false);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 p-3 text-sm">
      <h2 id={headingId} className="font-semibold text-base">
        Contato
      </h2>
      {card.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : card.isError ? (
        <p role="alert" className="text-error">
          {trpcErrorMessage(card.error, "Não foi possível carregar o contato.")}
        </p>
      ) : card.data.contact ? (
        <>
          <ContactDetails contact={card.data.contact} />
          <OpenDeals deals={card.data.deals} />
          {canAnswer && (
            <button type="button" className="btn btn-sm btn-primary self-start" onClick={() => setDealOpen(true)}>
              Criar negócio
            </button>
          )}
          {dealOpen && <CreateDealDialog conversationId={conversationId} defaultTitle={card.data.contact.name} onClose={() => setDealOpen(false)} />}
        </>
      ) : (
        <NoContact conversationId={conversationId} suggestion={card.data.suggestion} canAnswer={canAnswer} />
      )}
    </section>
  );
}

type Contact = NonNullable<ContactCardData["contact"]>;

function ContactDetails({ contact: c }: { contact: Contact }) {
  const rows: [string, string | null][] = [
    ["Telefone", c.phone ? formatPhone(c.phone) : null],
    ["E-mail", c.email],
    ["Empresa", c.companyName],
  ];
  return (
    <div className="flex flex-col gap-1">
      <p className="break-words font-medium">{c.name}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-base-content/60">{label}</dt>
            <dd className="break-all">{value ?? "—"}</dd>
          </div>
        ))}
        <dt className="text-base-content/60">Status</dt>
        <dd>{CONTACT_STATUS_LABEL[c.status as ContactStatus] ?? c.status}</dd>
      </dl>
      {c.tags.length > 0 && (
        <ul aria-label="Etiquetas" className="flex flex-wrap gap-1">
          {c.tags.map((t) => (
            <li key={t} className="badge badge-ghost badge-sm">
              {t}
            </li>
          ))}
        </ul>
      )}
      <Link href={`/contatos/${c.id}`} className="link link-primary text-xs">
        Ver contato
      </Link>
    </div>
  );
}

function OpenDeals({ deals }: { deals: ContactCardData["deals"] }) {
  return (
    <div className="flex flex-col gap-1">
      <h3 className="font-medium text-base-content/70 text-xs uppercase">Negócios abertos</h3>
      {deals.length === 0 ? (
        <p className="text-base-content/60 text-xs">Nenhum negócio aberto.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {deals.map((d) => (
            <li key={d.id} className="rounded-box border border-base-300 p-2">
              <Link href={`/funil/negocios/${d.id}`} className="link link-hover break-words font-medium">
                {d.title}
              </Link>
              <p className="flex flex-wrap items-center gap-x-2 text-xs">
                <span className="inline-flex items-center gap-1">
                  <span className="size-2 rounded-full" style={{ backgroundColor: d.stageColor }} aria-hidden="true" />
                  {d.stageName}
                </span>
                <span className="tabular-nums">{brl.format(d.valueCents / 100)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NoContact({ conversationId, suggestion, canAnswer }: { conversationId: string; suggestion: ContactCardData["suggestion"]; canAnswer: boolean }) {
  const create = useCreateContact();
  const known = [suggestion.name, suggestion.phone ? formatPhone(suggestion.phone.startsWith("+") ? suggestion.phone : `+${suggestion.phone}`) : null, suggestion.email].filter(Boolean);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-base-content/70">Esta conversa ainda não está ligada a um contato do CRM.</p>
      {canAnswer && known.length > 0 && (
        <button type="button" className="btn btn-sm btn-primary self-start" disabled={create.isPending} onClick={() => create.mutate({ conversationId })}>
          {create.isPending && <ButtonSpinner />}
          Criar contato
        </button>
      )}
      {known.length > 0 && <p className="text-base-content/60 text-xs">Com: {known.join(" · ")}</p>}
    </div>
  );
}

function CreateDealDialog({ conversationId, defaultTitle, onClose }: { conversationId: string; defaultTitle: string; onClose: () => void }) {
  const create = useCreateDeal();
  const toast = useToast();
  const titleId = useId();
  const valueId = useId();
  const [title, setTitle] = useState(defaultTitle.slice(0, 200));
  const [value, setValue] = useState("");
  const [errors, setErrors] = useState<{ title?: string; value?: string; form?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = parseBrlToCents(value);
    if (cents === null || cents > MAX_DEAL_CENTS) return setErrors({ value: "Valor inválido (ex.: 1.500,00)" });
    const parsed = createConversationDealInput.safeParse({ conversationId, title, valueCents: cents });
    if (!parsed.success) return setErrors({ title: parsed.error.issues.find((i) => i.path[0] === "title")?.message, value: parsed.error.issues.find((i) => i.path[0] === "valueCents")?.message });
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: "Negócio criado no funil" });
        onClose();
      },
      onError: (err) => setErrors({ form: trpcErrorMessage(err, "Não foi possível criar o negócio.") }),
    });
  };

  return (
    <Dialog open onClose={onClose} title="Criar negócio" description="O negócio entra na primeira etapa do funil padrão, com você como responsável." size="sm">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <div>
          <label htmlFor={titleId} className="mb-1 block font-medium text-sm">
            Título
          </label>
          <input
            id={titleId}
            className={`input input-sm w-full ${errors.title ? "input-error" : ""}`}
            value={title}
            maxLength={200}
            aria-invalid={Boolean(errors.title)}
            aria-describedby={errors.title ? `${titleId}-err` : undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
          {errors.title && (
            <p id={`${titleId}-err`} className="mt-1 text-error text-xs">
              {errors.title}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={valueId} className="mb-1 block font-medium text-sm">
            Valor (R$)
          </label>
          <input
            id={valueId}
            className={`input input-sm w-full ${errors.value ? "input-error" : ""}`}
            inputMode="decimal"
            placeholder="0,00"
            value={value}
            aria-invalid={Boolean(errors.value)}
            aria-describedby={errors.value ? `${valueId}-err` : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
          {errors.value && (
            <p id={`${valueId}-err`} className="mt-1 text-error text-xs">
              {errors.value}
            </p>
          )}
        </div>
        {errors.form && (
          <p role="alert" className="text-error text-sm">
            {errors.form}
          </p>
        )}
        <div className="modal-action mt-1">
          <button type="button" className="btn btn-sm btn-ghost" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-sm btn-primary" disabled={create.isPending}>
            {create.isPending && <ButtonSpinner />}
            Criar negócio
          </button>
        </div>
      </form>
    </Dialog>
  );
}
