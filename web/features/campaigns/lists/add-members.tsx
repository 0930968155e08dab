import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useMemo, useRef, useState } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { TextArea } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { ContactsToolbar } from "../../crm/contacts/components/contacts-toolbar";
import { type ContactListInput, useContactLists, useContactsList } from "../../crm/contacts/hooks/use-contacts";
import { CsvDialog } from "./csv-dialog";
import { type FillOutcome, describeOutcome, useFillDone } from "./use-campaign-lists";

type Source = "contacts" | "csv" | "typed" | "leads";
const SOURCES: [Source, string][] = [
  ["contacts", "De contatos (filtro ou lista)"],
  ["csv", "Arquivo CSV"],
  ["typed", "Digitar números"],
  ["leads", "Lista do Leads Hunter"],
];

/** "Adicionar": the four ways to fill a campaign list, each in its own dialog. */
export function AddMenu({ listId }: { listId: string }) {
  const [source, setSource] = useState<Source | null>(null);
  const ref = useRef<HTMLDetailsElement>(null);
  const choose = (s: Source) => {
    ref.current?.removeAttribute("open");
    setSource(s);
  };
  return (
    <>
      <details ref={ref} className="dropdown dropdown-end">
        <summary className="btn btn-primary btn-sm">Adicionar</summary>
        <ul className="menu dropdown-content z-20 mt-1 w-64 rounded-box border border-base-300 bg-base-100 p-2 shadow">
          {SOURCES.map(([s, label]) => (
            <li key={s}>
              <button type="button" onClick={() => choose(s)}>
                {label}
              </button>
            </li>
          ))}
        </ul>
      </details>
      {source === "typed" && <TypedDialog listId={listId} onClose={() => setSource(null)} />}
      {source === "contacts" && <ContactsDialog listId={listId} onClose={() => setSource(null)} />}
      {source === "leads" && <LeadsDialog listId={listId} onClose={() => setSource(null)} />}
      {source === "csv" && <CsvDialog listId={listId} onClose={() => setSource(null)} />}
    </>
  );
}

/** The outcome of a fill and the rows it refused (line number, value, reason). */
export function OutcomeReport({ outcome }: { outcome: FillOutcome }) {
  return (
    <div role="status" aria-label="Resultado" className="flex flex-col gap-2">
      <div className={`alert ${outcome.errorCount ? "alert-warning" : "alert-success"} text-sm`}>{describeOutcome(outcome)}</div>
      {outcome.errors.length > 0 && (
        <div className="max-h-56 overflow-y-auto rounded-box border border-base-300">
          <table className="table-xs table">
            <caption className="sr-only">Linhas com erro</caption>
            <thead>
              <tr>
                <th scope="col">Linha</th>
                <th scope="col">Valor</th>
                <th scope="col">Erro</th>
              </tr>
            </thead>
            <tbody>
              {outcome.errors.map((e) => (
                <tr key={`${e.row}-${e.value}`}>
                  <td className="tabular-nums">{e.row}</td>
                  <td className="max-w-40 truncate">{e.value}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {outcome.errorCount > outcome.errors.length && (
            <p className="p-2 text-base-content/70 text-xs">E mais {formatNumber(outcome.errorCount - outcome.errors.length)} linhas com erro.</p>
          )}
        </div>
      )}
    </div>
  );
}

function Actions({ onClose, pending, done, form, label }: { onClose: () => void; pending: boolean; done: boolean; form: string; label: string }) {
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
        {done ? "Fechar" : "Cancelar"}
      </button>
      <button type="submit" form={form} className="btn btn-primary" disabled={pending}>
        {pending && <ButtonSpinner />}
        {label}
      </button>
    </>
  );
}

function useFill() {
  const [outcome, setOutcome] = useState<FillOutcome | null>(null);
  const done = useFillDone();
  const toast = useToast();
  const opts = {
    onSuccess: async (o: FillOutcome) => {
      setOutcome(o);
      await done(o);
    },
    onError: (e: unknown) => toast({ variant: "destructive", title: "Não foi possível adicionar", description: trpcErrorMessage(e, "Tente novamente.") }),
  };
  return { outcome, opts };
}

function TypedDialog({ listId, onClose }: { listId: string; onClose: () => void }) {
  const [text, setText] = useState("");
  const { outcome, opts } = useFill();
  const add = useMutation(trpc.campaigns.lists.addNumbers.mutationOptions(opts));
  return (
    <Dialog open onClose={onClose} title="Digitar números" size="lg" actions={<Actions onClose={onClose} pending={add.isPending} done={Boolean(outcome)} form="typed-form" label="Adicionar números" />}>
      <form
        id="typed-form"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) add.mutate({ listId, text });
        }}
      >
        <TextArea
          label="Números (um por linha)"
          hint="Aceita “Nome, telefone”. Sem código do país, o número é lido como brasileiro."
          value={text}
          onChange={setText}
          rows={8}
          placeholder={"Maria Souza, (11) 98765-4321\n21 99876-5432"}
        />
        {outcome && <OutcomeReport outcome={outcome} />}
      </form>
    </Dialog>
  );
}

function ContactsDialog({ listId, onClose }: { listId: string; onClose: () => void }) {
  const [filter, setFilter] = useState<ContactListInput>({ sort: "newest" });
  const preview = useContactsList(filter);
  const lists = useContactLists();
  const listSelect = useId();
  const first = preview.data?.pages[0];
  const tags = useMemo(() => [...new Set(preview.data?.pages.flatMap((p) => p.items.flatMap((c) => c.tags)) ?? [])].sort().slice(0, 100), [preview.data]);
  const { outcome, opts } = useFill();
  const add = useMutation(trpc.campaigns.lists.addFromContacts.mutationOptions(opts));
  const matching =
    first?.total == null ? "Contando…" : `${first.totalExact ? "" : "mais de "}${formatNumber(first.total)} ${first.total === 1 ? "contato corresponde" : "contatos correspondem"} ao filtro`;
  return (
    <Dialog open onClose={onClose} title="Adicionar de contatos" size="lg" actions={<Actions onClose={onClose} pending={add.isPending} done={Boolean(outcome)} form="contacts-form" label="Adicionar contatos" />}>
      <form
        id="contacts-form"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const { sort: _sort, ...rest } = filter;
          add.mutate({ listId, filter: rest });
        }}
      >
        <p className="text-base-content/70 text-sm">Os mesmos filtros de Contatos. Contatos sem telefone são contados e não entram.</p>
        <label htmlFor={listSelect} className="flex flex-col gap-1 text-xs">
          <span className="font-medium">Lista de contatos do CRM</span>
          <select id={listSelect} className="select select-sm w-64" value={filter.listId ?? ""} onChange={(e) => setFilter({ ...filter, listId: e.target.value || undefined })}>
            <option value="">Todos os contatos</option>
            {lists.data?.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({formatNumber(l.members)})
              </option>
            ))}
          </select>
        </label>
        <ContactsToolbar value={filter} onChange={setFilter} tags={tags} />
        <p className="text-sm" aria-live="polite">
          {matching}
        </p>
        {outcome && <OutcomeReport outcome={outcome} />}
      </form>
    </Dialog>
  );
}

function LeadsDialog({ listId, onClose }: { listId: string; onClose: () => void }) {
  const lists = useQuery(trpc.leads.lists.list.queryOptions({}));
  const [leadListId, setLeadListId] = useState("");
  const selectId = useId();
  const { outcome, opts } = useFill();
  const add = useMutation(trpc.campaigns.lists.addFromLeadList.mutationOptions(opts));
  return (
    <Dialog open onClose={onClose} title="Adicionar do Leads Hunter" actions={<Actions onClose={onClose} pending={add.isPending} done={Boolean(outcome)} form="leads-form" label="Adicionar leads" />}>
      <form
        id="leads-form"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (leadListId) add.mutate({ listId, leadListId });
        }}
      >
        <label htmlFor={selectId} className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Lista de leads</span>
          <select id={selectId} className="select" value={leadListId} onChange={(e) => setLeadListId(e.target.value)}>
            <option value="">Escolha uma lista</option>
            {lists.data?.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({formatNumber(l.leadsCount)} leads)
              </option>
            ))}
          </select>
        </label>
        {lists.data?.length === 0 && <p className="text-base-content/70 text-sm">Nenhuma lista no Leads Hunter ainda.</p>}
        <p className="text-base-content/70 text-xs">Nome do negócio, telefone, categoria (como cargo) e cidade. Leads sem telefone não entram.</p>
        {outcome && <OutcomeReport outcome={outcome} />}
      </form>
    </Dialog>
  );
}
