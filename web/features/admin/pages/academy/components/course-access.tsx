import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Icon } from "../../../../../components/ui/icons";
import { ButtonSpinner } from "../../../../../components/ui/spinner";
import { trpc } from "../../../../../lib/trpc";
import type { CourseTree } from "./types";
import { useEditor } from "./use-editor";

const toggle = (list: string[], id: string, on: boolean) => (on ? [...new Set([...list, id])] : list.filter((x) => x !== id));

/** Which plans (accessLevel plan) or workspaces (accessLevel workspace) may open the course. */
export function CourseAccess({ course }: { course: CourseTree }) {
  const { saved, fail } = useEditor(course.id);
  const [q, setQ] = useState("");
  const [planIds, setPlanIds] = useState(course.planIds);
  const [workspaceIds, setWorkspaceIds] = useState(course.workspaceIds);
  useEffect(() => {
    setPlanIds(course.planIds);
    setWorkspaceIds(course.workspaceIds);
  }, [course.planIds, course.workspaceIds]);
  const options = useQuery(trpc.adminAcademy.courses.accessOptions.queryOptions({ q }));
  const save = useMutation(trpc.adminAcademy.courses.setAccess.mutationOptions({ onSuccess: saved("Acesso salvo"), onError: fail("Não foi possível salvar o acesso") }));
  if (course.accessLevel === "public") return <p className="text-base-content/70 text-sm">Este curso está aberto a todos os usuários. Mude "Quem pode acessar" em "Editar dados" para restringir.</p>;
  const isPlan = course.accessLevel === "plan";
  return (
    <div className="flex flex-col gap-3">
      {isPlan ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium">Planos com acesso</legend>
          {(options.data?.plans ?? []).map((p) => (
            <label key={p.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="checkbox checkbox-sm" checked={planIds.includes(p.id)} onChange={(e) => setPlanIds((l) => toggle(l, p.id, e.target.checked))} />
              {p.name}
              {!p.isActive && <span className="badge badge-xs badge-ghost">inativo</span>}
            </label>
          ))}
        </fieldset>
      ) : (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium">Workspaces com acesso ({workspaceIds.length} selecionados)</legend>
          <label className="input input-sm w-full sm:w-72">
            <Icon name="search" className="size-4 opacity-60" />
            <input type="search" aria-label="Buscar workspace" placeholder="Buscar workspace" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
          </label>
          {(options.data?.workspaces ?? []).map((w) => (
            <label key={w.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="checkbox checkbox-sm" checked={workspaceIds.includes(w.id)} onChange={(e) => setWorkspaceIds((l) => toggle(l, w.id, e.target.checked))} />
              {w.name}
            </label>
          ))}
        </fieldset>
      )}
      <button
        type="button"
        className="btn btn-primary btn-sm self-start"
        disabled={save.isPending}
        onClick={() => save.mutate({ courseId: course.id, planIds: isPlan ? planIds : [], workspaceIds: isPlan ? [] : workspaceIds })}
      >
        {save.isPending && <ButtonSpinner />}
        Salvar acesso
      </button>
    </div>
  );
}
