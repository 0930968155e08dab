import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { SelectInput, TextInput } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { formatDate } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { type AdminUsersListInput, ADMIN_USERS_MAX_PAGE, USER_ROLE_LABEL, USER_STATUS_LABEL } from "../../../../../src/schemas/admin-users";
import { UserRoleBadge, UserStatusBadge } from "../../components/users/user-badges";
import { PageNav } from "../../../../components/ui/page-nav";
import { useDebounced } from "../../../../lib/use-debounced";

const PAGE_SIZE = 25;
const roleOptions = [{ value: "", label: "Todos" }, ...Object.entries(USER_ROLE_LABEL).map(([value, label]) => ({ value, label }))];
const statusOptions = [{ value: "", label: "Todos" }, ...Object.entries(USER_STATUS_LABEL).map(([value, label]) => ({ value, label }))];
const verifiedOptions = [
  { value: "", label: "Todos" },
  { value: "yes", label: "Verificado" },
  { value: "no", label: "Não verificado" },
];

/** /admin/usuarios: every user of the platform, newest first, with search, filters and pages. */
export default function AdminUsersPage() {
  const [search, setSearch] = useState("");
  const [role, setRole] = useState("");
  const [status, setStatus] = useState("");
  const [verified, setVerified] = useState("");
  const [planId, setPlanId] = useState("");
  const [page, setPage] = useState(1);
  // Typing does not fire one request per key: the list follows the text 300 ms after the last one.
  const term = useDebounced(search.trim());
  const input: AdminUsersListInput = {
    page,
    pageSize: PAGE_SIZE,
    ...(term ? { search: term.slice(0, 100) } : {}),
    ...(role ? { role: role as AdminUsersListInput["role"] } : {}),
    ...(status ? { status: status as AdminUsersListInput["status"] } : {}),
    ...(verified ? { verified: verified === "yes" } : {}),
    ...(planId ? { planId } : {}),
  };
  const list = useQuery({ ...trpc.adminUsers.list.queryOptions(input), placeholderData: keepPreviousData });
  const plans = useQuery(trpc.adminUsers.planOptions.queryOptions());
  const planOptions = [{ value: "", label: "Todos" }, ...(plans.data ?? []).map((p) => ({ value: p.id, label: p.isActive ? p.name : `${p.name} (inativo)` }))];
  /** A new filter starts again from the first page. */
  const refilter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };
  const pages = list.data ? Math.min(ADMIN_USERS_MAX_PAGE, Math.max(1, Math.ceil(list.data.total / PAGE_SIZE))) : 1;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Administração</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Usuários</h1>
        <p className="mt-1 text-base-content/70 text-sm">Todas as contas da plataforma: papel, situação, verificação de email e plano dos workspaces de cada pessoa.</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <TextInput label="Buscar" value={search} onChange={refilter(setSearch)} placeholder="Nome ou email" className="lg:col-span-1" />
        <SelectInput label="Papel" value={role} options={roleOptions} onChange={refilter(setRole)} />
        <SelectInput label="Situação" value={status} options={statusOptions} onChange={refilter(setStatus)} />
        <SelectInput label="Email" value={verified} options={verifiedOptions} onChange={refilter(setVerified)} />
        <SelectInput label="Plano" value={planId} options={planOptions} onChange={refilter(setPlanId)} />
      </div>
      {list.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar os usuários.")}
        </div>
      ) : list.data.items.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed bg-base-100 p-8 text-center text-base-content/60 text-sm">Nenhum usuário com esses filtros.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th>Nome</th>
                <th>Papel</th>
                <th>Situação</th>
                <th>Email</th>
                <th>Plano</th>
                <th>Criado em</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((u) => (
                <tr key={u.id}>
                  <td>
                    <Link href={`/admin/usuarios/${u.id}`} className="link link-hover font-medium">
                      {u.firstName} {u.lastName}
                    </Link>
                    <div className="text-base-content/70 text-xs">{u.email}</div>
                  </td>
                  <td>
                    <UserRoleBadge role={u.role} />
                  </td>
                  <td>
                    <UserStatusBadge status={u.status} />
                  </td>
                  <td className="text-sm">{u.emailVerified ? "Verificado" : "Não verificado"}</td>
                  <td className="text-sm">{u.plans.length ? u.plans.join(", ") : "—"}</td>
                  <td className="whitespace-nowrap text-sm">{formatDate(u.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageNav page={page} pages={pages} total={list.data?.total} noun={["usuário", "usuários"]} capped={list.data?.totalCapped ?? false} onPage={setPage} />
    </div>
  );
}
