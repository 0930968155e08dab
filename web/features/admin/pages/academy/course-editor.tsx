import { useMutation, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link, useParams } from "wouter";
import { ACCESS_LEVEL_LABEL, DIFFICULTY_LABEL } from "../../../../../src/schemas/academy/common";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { CourseAccess } from "./components/course-access";
import { CourseFormDialog } from "./components/course-form-dialog";
import { CourseStats } from "./components/course-stats";
import { ModuleCard } from "./components/module-card";
import { SortableList } from "./components/sortable-list";
import type { CourseTree } from "./components/types";
import { useEditor } from "./components/use-editor";

type Tab = "content" | "access" | "stats";
const TABS: { value: Tab; label: string }[] = [
  { value: "content", label: "Conteúdo" },
  { value: "access", label: "Acesso" },
  { value: "stats", label: "Estatísticas" },
];

/** A video still being read keeps the page polling until it is ready or failed. */
const processing = (c: CourseTree | undefined) => !!c?.modules.some((m) => m.lessons.some((l) => l.videoFileId && (l.processingStatus === "pending" || l.processingStatus === "processing")));

/** /admin/academy/cursos/{courseId}: modules → lessons → quiz, order by drag or buttons, publish, access, stats. */
export default function CourseEditorPage() {
  const { courseId = "" } = useParams<{ courseId: string }>();
  const { saved, fail } = useEditor(courseId);
  const [tab, setTab] = useState<Tab>("content");
  const [editing, setEditing] = useState(false);
  const [moduleTitle, setModuleTitle] = useState("");
  const course = useQuery({ ...trpc.adminAcademy.courses.get.queryOptions({ id: courseId }), refetchInterval: (q) => (processing(q.state.data) ? 2000 : false) });
  const publish = useMutation(trpc.adminAcademy.courses.publish.mutationOptions({ onSuccess: saved("Curso publicado"), onError: fail("Não foi possível publicar") }));
  const unpublish = useMutation(trpc.adminAcademy.courses.unpublish.mutationOptions({ onSuccess: saved("Curso despublicado"), onError: fail("Não foi possível despublicar") }));
  const addModule = useMutation(
    trpc.adminAcademy.modules.create.mutationOptions({
      onSuccess: async () => {
        setModuleTitle("");
        await saved("Módulo criado")();
      },
      onError: fail("Não foi possível criar o módulo"),
    }),
  );
  const reorder = useMutation(trpc.adminAcademy.modules.reorder.mutationOptions({ onSuccess: saved("Ordem salva"), onError: fail("Não foi possível reordenar") }));
  const c = course.data;
  const initial = useMemo(
    () => (c ? { id: c.id, title: c.title, description: c.description, outcomes: c.outcomes, difficultyLevel: c.difficultyLevel, accessLevel: c.accessLevel } : null),
    [c],
  );

  if (course.isPending) return <Skeleton className="mx-auto h-96 w-full max-w-5xl" />;
  if (course.isError || !c)
    return (
      <div role="alert" className="alert alert-error alert-soft mx-auto max-w-5xl">
        {trpcErrorMessage(course.error, "Não foi possível carregar o curso.")}
      </div>
    );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link href="/admin/academy" className="link link-hover text-base-content/60 text-sm">
            Academy
          </Link>
          <h1 className="font-semibold text-2xl sm:text-3xl">{c.title}</h1>
          <p className="mt-1 text-base-content/70 text-sm">
            {DIFFICULTY_LABEL[c.difficultyLevel]} · {ACCESS_LEVEL_LABEL[c.accessLevel]} · {c.isPublished ? "Publicado" : "Rascunho"}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link href="/admin/academy/record" className="btn btn-ghost btn-sm">
            <Icon name="video" className="size-4" />
            Gravar aula
          </Link>
          <button type="button" className="btn btn-sm" onClick={() => setEditing(true)}>
            Editar dados
          </button>
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="toggle toggle-success"
              checked={c.isPublished}
              disabled={publish.isPending || unpublish.isPending}
              onChange={(e) => (e.target.checked ? publish : unpublish).mutate({ id: c.id })}
            />
            Publicado
          </label>
        </div>
      </div>

      <div role="tablist" className="tabs tabs-border" aria-label="Seções do curso">
        {TABS.map((t) => (
          <button key={t.value} type="button" role="tab" aria-selected={tab === t.value} className={`tab ${tab === t.value ? "tab-active" : ""}`} onClick={() => setTab(t.value)}>
            {t.label}
          </button>
        ))}
      </div>

      {tab === "content" && (
        <div className="flex flex-col gap-4">
          {c.modules.length === 0 ? (
            <p className="rounded-box border border-base-300 bg-base-100 p-6 text-center text-base-content/70">Nenhum módulo ainda. Crie o primeiro abaixo.</p>
          ) : (
            <SortableList
              items={c.modules}
              noun="módulo"
              labelOf={(m) => m.title}
              disabled={reorder.isPending}
              onReorder={(ids) => reorder.mutate({ courseId: c.id, ids })}
              render={(m, i) => <ModuleCard courseId={c.id} module={m} index={i} others={c.modules.filter((o) => o.id !== m.id).map((o) => ({ id: o.id, title: o.title }))} />}
            />
          )}
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              addModule.mutate({ courseId: c.id, title: moduleTitle, description: "" });
            }}
          >
            <label className="flex flex-1 flex-col gap-1 text-sm">
              <span>Título do novo módulo</span>
              <input className="input w-full" value={moduleTitle} maxLength={160} onChange={(e) => setModuleTitle(e.target.value)} />
            </label>
            <button type="submit" className="btn btn-primary" disabled={addModule.isPending}>
              {addModule.isPending && <ButtonSpinner />}
              Novo módulo
            </button>
          </form>
        </div>
      )}
      {tab === "access" && <CourseAccess course={c} />}
      {tab === "stats" && <CourseStats courseId={c.id} />}

      {initial && <CourseFormDialog open={editing} initial={initial} onClose={() => setEditing(false)} onSaved={async () => { setEditing(false); await saved("Curso salvo")(); }} />}
    </div>
  );
}
