import { useCallback, useMemo, useState } from "react";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { formatNumber } from "../../../../lib/format";
import { trpcErrorMessage } from "../../../../lib/trpc";
import { ContactImportDialog } from "../../imports/components/contact-import-dialog";
import { ExportContactsButton } from "../../imports/components/export-contacts-button";
import { VariableDefinitionsPanel } from "../../variables/components/variable-definitions-panel";
import { BulkBar } from "../components/bulk-bar";
import { ContactFormDialog } from "../components/contact-form-dialog";
import { ContactListsPanel } from "../components/contact-lists-panel";
import { ContactsTable } from "../components/contacts-table";
import { ContactsToolbar } from "../components/contacts-toolbar";
import { type ContactListInput, useContactLists, useContactsList, useCrmPermissions } from "../hooks/use-contacts";

type Tab = "contatos" | "listas" | "variaveis";
const TABS: { id: Tab; label: string }[] = [
  { id: "contatos", label: "Contatos" },
  { id: "listas", label: "Listas" },
  { id: "variaveis", label: "Variáveis" },
];

/** /contatos: the workspace's contacts (search, filters, bulk actions), its lists and its variables. */
export default function ContactsPage() {
  const [tab, setTab] = useState<Tab>("contatos");
  const [filter, setFilter] = useState<ContactListInput>({ sort: "newest" });
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const perms = useCrmPermissions();
  const lists = useContactLists();
  const onFilter = useCallback((f: ContactListInput) => setFilter(f), []);
  const listName = filter.listId ? lists.data?.find((l) => l.id === filter.listId)?.name : null;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-base-content/60 text-sm">CRM</p>
          <h1 className="font-semibold text-2xl sm:text-3xl">Contatos</h1>
        </div>
        {tab === "contatos" && (
          <div className="flex flex-wrap gap-2">
            <ExportContactsButton filter={filter} />
            {perms.canWrite && (
              <>
                <button type="button" className="btn btn-sm" onClick={() => setImporting(true)}>
                  <Icon name="upload" className="size-4" />
                  Importar CSV
                </button>
                <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
                  <Icon name="plus" className="size-4" />
                  Novo contato
                </button>
              </>
            )}
          </div>
        )}
      </div>
      <div role="tablist" aria-label="Seções de contatos" className="tabs tabs-border">
        {TABS.map((t) => (
          <button key={t.id} type="button" role="tab" id={`tab-${t.id}`} aria-controls={`panel-${t.id}`} aria-selected={tab === t.id} className={`tab ${tab === t.id ? "tab-active" : ""}`} onClick={() => setTab(t.id)}>
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="flex flex-col gap-4">
        {tab === "contatos" && (
          <>
            {filter.listId && (
              <div className="flex items-center gap-2 text-sm">
                <span>
                  Lista: <strong>{listName ?? "…"}</strong>
                </span>
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => setFilter({ ...filter, listId: undefined })}>
                  Ver todos os contatos
                </button>
              </div>
            )}
            <ContactsTab filter={filter} onFilter={onFilter} canWrite={perms.canWrite} onCreate={() => setCreating(true)} />
          </>
        )}
        {tab === "listas" && (
          <ContactListsPanel
            canWrite={perms.canWrite}
            onOpen={(l) => {
              setFilter({ sort: filter.sort, listId: l.id });
              setTab("contatos");
            }}
          />
        )}
        {tab === "variaveis" && <VariableDefinitionsPanel />}
      </div>
      <ContactFormDialog open={creating} onClose={() => setCreating(false)} />
      <ContactImportDialog open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}

function ContactsTab({ filter, onFilter, canWrite, onCreate }: { filter: ContactListInput; onFilter: (f: ContactListInput) => void; canWrite: boolean; onCreate: () => void }) {
  const list = useContactsList(filter);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const first = list.data?.pages[0];
  const knownTags = useMemo(() => [...new Set(items.flatMap((c) => c.tags))].sort().slice(0, 100), [items]);
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = (ids: string[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const filtered = Boolean(filter.search || filter.status || filter.source || filter.channel || filter.tags?.length || filter.validWhatsApp !== undefined || filter.listId);
  const count = first?.total == null ? null : first.totalExact ? `${formatNumber(first.total)} ${first.total === 1 ? "contato" : "contatos"}` : `mais de ${formatNumber(first.total)} contatos`;

  return (
    <>
      <ContactsToolbar
        value={filter}
        onChange={(f) => {
          setSelected(new Set());
          onFilter(f);
        }}
        tags={knownTags}
      />
      <p className="text-base-content/70 text-sm" aria-live="polite">
        {list.isPending ? "Carregando contatos..." : count}
      </p>
      {canWrite && selected.size > 0 && <BulkBar ids={[...selected]} onDone={() => setSelected(new Set())} />}
      {list.isPending ? (
        <div className="flex flex-col gap-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar os contatos. Tente novamente em instantes.")}
        </div>
      ) : items.length === 0 && !list.hasNextPage ? (
        <div className="flex flex-col items-center rounded-box border border-base-300 border-dashed bg-base-100 px-6 py-14 text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon name="contacts" className="size-8" />
          </span>
          {filtered ? (
            <>
              <h2 className="mt-4 font-semibold text-xl">Nenhum contato encontrado</h2>
              <p className="mt-2 max-w-md text-base-content/70 text-sm">Nenhum contato corresponde à busca e aos filtros escolhidos.</p>
              <button type="button" className="btn btn-ghost mt-4" onClick={() => onFilter({ sort: filter.sort })}>
                Limpar filtros
              </button>
            </>
          ) : (
            <>
              <h2 className="mt-4 font-semibold text-xl">Nenhum contato ainda</h2>
              <p className="mt-2 max-w-md text-base-content/70 text-sm">
                Quem conversar com seus agentes em qualquer canal aparece aqui automaticamente. Você também pode cadastrar ou importar contatos.
              </p>
              {canWrite && (
                <button type="button" className="btn btn-primary mt-6" onClick={onCreate}>
                  <Icon name="plus" className="size-4" />
                  Novo contato
                </button>
              )}
            </>
          )}
        </div>
      ) : (
        <>
          <ContactsTable items={items} selected={selected} onToggle={toggle} onToggleAll={toggleAll} selectable={canWrite} />
          {list.hasNextPage && (
            <button type="button" className="btn btn-ghost self-center" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? "Carregando..." : "Carregar mais"}
            </button>
          )}
        </>
      )}
    </>
  );
}
