import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { formatDateTime } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { MailSenderCard, MailServerCard } from "../../components/mail/server-card";
import { TemplateEditor } from "../../components/mail/template-editor";

/** /admin/modelos-emails: the platform's mail server and sender, and every mail it sends as an editable template. */
export default function EmailTemplatesPage() {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-base-content/60 text-sm">Administração</p>
          <h1 className="font-semibold text-2xl sm:text-3xl">Modelos de email</h1>
          <p className="mt-1 text-base-content/70 text-sm">O servidor que envia os emails da plataforma e o texto de cada um deles.</p>
        </div>
        <div className="flex gap-2">
          <Link href="/admin/modelos-emails/demonstracao" className="btn btn-ghost btn-sm">
            Demonstração
          </Link>
          <Link href="/admin/teste-emails" className="btn btn-ghost btn-sm">
            Caixa de saída
          </Link>
        </div>
      </div>
      {editing ? <EditorLoader type={editing} onClose={() => setEditing(null)} /> : <Overview onEdit={setEditing} />}
    </div>
  );
}

function EditorLoader({ type, onClose }: { type: string; onClose: () => void }) {
  const view = useQuery(trpc.adminMail.templates.get.queryOptions({ type }));
  if (view.isPending) return <Skeleton className="h-96 w-full" />;
  if (view.isError)
    return (
      <div role="alert" className="alert alert-error alert-soft">
        {trpcErrorMessage(view.error, "Não foi possível carregar o modelo.")}
      </div>
    );
  // Keyed by the save time: a restore or save elsewhere reloads the form's fields.
  return <TemplateEditor key={`${view.data.type}-${view.data.updatedAt ?? "padrao"}`} view={view.data} onClose={onClose} />;
}

function Overview({ onEdit }: { onEdit: (type: string) => void }) {
  const config = useQuery(trpc.adminMail.config.get.queryOptions());
  const list = useQuery(trpc.adminMail.templates.list.queryOptions());
  const [search, setSearch] = useState("");
  const q = search.trim().toLowerCase();
  const rows = (list.data ?? []).filter((t) => !q || t.name.toLowerCase().includes(q) || t.type.includes(q) || t.subject.toLowerCase().includes(q));
  return (
    <>
      {config.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : config.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(config.error, "Não foi possível carregar o servidor de email.")}
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <MailServerCard view={config.data} />
          <MailSenderCard view={config.data} />
        </div>
      )}
      <section className="card border border-base-300 bg-base-100" aria-labelledby="modelos-titulo">
        <div className="card-body gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="modelos-titulo" className="card-title text-lg">
              Emails da plataforma
            </h2>
            <label className="input input-sm w-full sm:w-72">
              <Icon name="search" className="size-4 opacity-60" />
              <input type="search" placeholder="Buscar modelo" aria-label="Buscar modelo" value={search} onChange={(e) => setSearch(e.target.value)} />
            </label>
          </div>
          {list.isPending ? (
            <Skeleton className="h-48 w-full" />
          ) : list.isError ? (
            <div role="alert" className="alert alert-error alert-soft">
              {trpcErrorMessage(list.error, "Não foi possível carregar os modelos.")}
            </div>
          ) : rows.length === 0 ? (
            <p className="text-base-content/70 text-sm">Nenhum modelo encontrado para "{search}".</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="table">
                <thead>
                  <tr>
                    <th>Modelo</th>
                    <th>Assunto</th>
                    <th>Situação</th>
                    <th>
                      <span className="sr-only">Ações</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((t) => (
                    <tr key={t.type}>
                      <td>
                        <div className="font-medium">{t.name}</div>
                        <div className="font-mono text-base-content/60 text-xs">{t.type}</div>
                      </td>
                      <td className="max-w-xs truncate text-sm">{t.subject}</td>
                      <td>
                        {!t.customized ? (
                          <span className="badge badge-ghost badge-sm">padrão</span>
                        ) : t.isActive ? (
                          <span className="badge badge-info badge-sm">editado</span>
                        ) : (
                          <span className="badge badge-warning badge-sm">edição inativa</span>
                        )}
                        {t.updatedAt && <div className="text-base-content/60 text-xs">{formatDateTime(t.updatedAt)}</div>}
                      </td>
                      <td className="text-right">
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onEdit(t.type)} aria-label={`Editar ${t.name}`}>
                          <Icon name="pencil" className="size-4" />
                          Editar
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
