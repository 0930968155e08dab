import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import type { PublishedFilter } from "../../../../../src/schemas/academy/admin";
import { ACCESS_LEVEL_LABEL, DIFFICULTY_LABEL } from "../../../../../src/schemas/academy/common";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { useToast } from "../../../../components/ui/toast";
import { formatDate } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { CourseFormDialog, emptyCourse } from "./components/course-form-dialog";
import { PageNav } from "../../../../components/ui/page-nav";
import { useDebounced } from "../../../../lib/use-debounced";

const PAGE_SIZE = 20;
/** One object, so the dialog does not reset its fields on every render of the page. */
const NEW_COURSE = emptyCourse();
const FILTERS: { value: PublishedFilter; label: string }[] = [
  { value: "all", label: "Todos" },
  { value: "published", label: "Publicados" },
  { value: "draft", label: "Rascunhos" },
];

/** /admin/academy: every course with its state and learners; search, filter, pages, "Novo curso". */
export default function AcademyAdminPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [q, setQ] = useState("");
  const [published, setPublished] = useState<PublishedFilter>("all");
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<{ id: string; title: string } | null>(null);
  const term = useDebounced(q.trim());
  const list = useQuery({ ...trpc.adminAcademy.courses.list.queryOptions({ q: term, published, page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const remove = useMutation(
    trpc.adminAcademy.courses.delete.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Curso excluído" });
        setRemoving(null);
        await qc.invalidateQueries({ queryKey: trpc.adminAcademy.courses.list.queryKey() });
      },
      onError: (e) => {
        setRemoving(null);
        toast({ variant: "destructive", title: "Não foi possível excluir", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  const reorder = useMutation(
    trpc.adminAcademy.courses.reorder.mutationOptions({
      onSuccess: () => qc.invalidateQueries({ queryKey: trpc.adminAcademy.courses.list.queryKey() }),
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível reordenar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // The order is the catalogue's (/academy): it can be changed only while every course is on screen.
  const canReorder = !q && published === "all" && total <= PAGE_SIZE && !reorder.isPending;
  const move = (from: number, to: number) => {
    const ids = items.map((i) => i.id);
    const [id] = ids.splice(from, 1);
    if (id === undefined || to < 0 || to > ids.length) return;
    ids.splice(to, 0, id);
    reorder.mutate({ ids });
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-base-content/60 text-sm">Administração</p>
          <h1 className="font-semibold text-2xl sm:text-3xl">Academy</h1>
          <p className="mt-1 text-base-content/70 text-sm">Cursos, módulos, aulas e questionários da Academy.</p>
        </div>
        <div className="flex gap-2">
          <Link href="/admin/academy/record" className="btn btn-ghost">
            <Icon name="video" className="size-4" />
            Gravar aula
          </Link>
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <Icon name="plus" className="size-4" />
            Novo curso
          </button>
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <label className="input w-full sm:w-72">
          <Icon name="search" className="size-4 opacity-60" />
          <input
            type="search"
            aria-label="Buscar curso"
            placeholder="Buscar curso"
            value={q}
            maxLength={100}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>Situação</span>
          <select
            className="select select-sm"
            value={published}
            onChange={(e) => {
              setPublished(e.target.value as PublishedFilter);
              setPage(1);
            }}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {list.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar os cursos.")}
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-box border border-base-300 bg-base-100 p-8 text-center text-base-content/70">{q || published !== "all" ? "Nenhum curso encontrado com estes filtros." : "Nenhum curso criado ainda."}</div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th>Curso</th>
                <th>Nível</th>
                <th>Acesso</th>
                <th>Aulas</th>
                <th>Inscritos</th>
                <th>Concluídos</th>
                <th>Situação</th>
                <th>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((c, index) => (
                <tr key={c.id}>
                  <td className="font-medium">
                    <Link href={`/admin/academy/cursos/${c.id}`} className="link link-hover">
                      {c.title}
                    </Link>
                  </td>
                  <td>{DIFFICULTY_LABEL[c.difficultyLevel]}</td>
                  <td className="text-sm">{ACCESS_LEVEL_LABEL[c.accessLevel]}</td>
                  <td className="tabular-nums">{c.lessonCount}</td>
                  <td className="tabular-nums">{c.enrolled}</td>
                  <td className="tabular-nums">{c.completed}</td>
                  <td>
                    {c.isPublished ? <span className="badge badge-sm badge-success">Publicado</span> : <span className="badge badge-sm badge-ghost">Rascunho</span>}
                    {c.publishedAt && <div className="text-base-content/60 text-xs">desde {formatDate(c.publishedAt)}</div>}
                  </td>
                  <td>
                    <div className="flex justify-end gap-1">
                      {canReorder && (
                        <>
                          <button type="button" className="btn btn-ghost btn-sm" aria-label={`Mover curso ${c.title} para cima`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                            <Icon name="arrowUp" className="size-4" />
                          </button>
                          <button type="button" className="btn btn-ghost btn-sm" aria-label={`Mover curso ${c.title} para baixo`} disabled={index === items.length - 1} onClick={() => move(index, index + 1)}>
                            <Icon name="arrowDown" className="size-4" />
                          </button>
                        </>
                      )}
                      <Link href={`/admin/academy/cursos/${c.id}`} className="btn btn-ghost btn-sm" aria-label={`Editar ${c.title}`}>
                        <Icon name="pencil" className="size-4" />
                      </Link>
                      <button type="button" className="btn btn-ghost btn-sm text-error" aria-label={`Excluir ${c.title}`} onClick={() => setRemoving({ id: c.id, title: c.title })}>
                        <Icon name="trash" className="size-4" />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <PageNav page={page} pages={pages} total={total} noun={["curso", "cursos"]} onPage={setPage} />

      <CourseFormDialog open={creating} initial={NEW_COURSE} onClose={() => setCreating(false)} onSaved={(id) => navigate(`/admin/academy/cursos/${id}`)} />
      <ConfirmDialog
        open={removing !== null}
        title="Excluir curso?"
        description={`O curso ${removing?.title ?? ""} será excluído com seus módulos, aulas, vídeos, materiais, questionários, o progresso dos alunos e os certificados emitidos. Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </div>
  );
}
