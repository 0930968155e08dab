import { Link } from "wouter";
import { CONTACT_SOURCE_LABEL, CONTACT_STATUS_LABEL, type ContactSource, type ContactStatus } from "../../../../../src/schemas/crm/contacts";
import { formatPhone } from "../../../../../src/schemas/crm/normalize";
import { formatDate } from "../../../../lib/format";
import type { ContactItem } from "../hooks/use-contacts";

const STATUS_BADGE: Record<string, string> = { lead: "badge-info", prospect: "badge-warning", customer: "badge-success", inactive: "badge-ghost" };

type Props = {
  items: ContactItem[];
  selected: Set<string>;
  onToggle: (id: string) => void;
  onToggleAll: (ids: string[], on: boolean) => void;
  selectable: boolean;
};

/** The contacts as a table; the name links to the contact page; checkboxes feed the bulk bar. */
export function ContactsTable({ items, selected, onToggle, onToggleAll, selectable }: Props) {
  const ids = items.map((c) => c.id);
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table-sm table">
        <caption className="sr-only">Contatos</caption>
        <thead>
          <tr>
            {selectable && (
              <th scope="col" className="w-8">
                <input type="checkbox" className="checkbox checkbox-sm" aria-label="Selecionar todos os contatos da página" checked={all} onChange={(e) => onToggleAll(ids, e.target.checked)} />
              </th>
            )}
            <th scope="col">Nome</th>
            <th scope="col">Telefone</th>
            <th scope="col">E-mail</th>
            <th scope="col">Empresa</th>
            <th scope="col">Status</th>
            <th scope="col">Etiquetas</th>
            <th scope="col">Origem</th>
            <th scope="col">Último contato</th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.id} className={selected.has(c.id) ? "bg-primary/5" : undefined}>
              {selectable && (
                <td>
                  <input type="checkbox" className="checkbox checkbox-sm" aria-label={`Selecionar ${c.name}`} checked={selected.has(c.id)} onChange={() => onToggle(c.id)} />
                </td>
              )}
              <td className="font-medium">
                <Link href={`/contatos/${c.id}`} className="link link-hover">
                  {c.name}
                </Link>
                {c.isValidWhatsApp && (
                  <span className="badge badge-success badge-xs badge-soft ml-2" title="WhatsApp válido">
                    WhatsApp
                  </span>
                )}
              </td>
              <td className="whitespace-nowrap tabular-nums">{formatPhone(c.phone)}</td>
              <td className="max-w-56 truncate">{c.email}</td>
              <td className="max-w-48 truncate">{c.companyName}</td>
              <td>
                <span className={`badge badge-sm badge-soft ${STATUS_BADGE[c.status] ?? "badge-ghost"}`}>{CONTACT_STATUS_LABEL[c.status as ContactStatus] ?? c.status}</span>
              </td>
              <td>
                <div className="flex max-w-56 flex-wrap gap-1">
                  {c.tags.slice(0, 4).map((t) => (
                    <span key={t} className="badge badge-outline badge-sm">
                      {t}
                    </span>
                  ))}
                  {c.tags.length > 4 && <span className="text-base-content/60 text-xs">+{c.tags.length - 4}</span>}
                </div>
              </td>
              <td className="whitespace-nowrap">{CONTACT_SOURCE_LABEL[c.source as ContactSource] ?? c.source}</td>
              <td className="whitespace-nowrap">{c.lastContactAt ? formatDate(c.lastContactAt) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
