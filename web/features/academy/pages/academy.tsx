import { useMemo, useState } from "react";
import { DIFFICULTY_LABEL, DIFFICULTY_LEVELS, type DifficultyLevel } from "../../../../src/schemas/academy/common";
import { SelectInput, TextInput } from "../../../components/ui/fields";
import { Skeleton } from "../../../components/ui/skeleton";
import { trpcErrorMessage } from "../../../lib/trpc";
import { CourseCard } from "../components/course-card";
import { useCourses } from "../components/use-academy";
import { MyCertificates } from "../components/certificate-list";

type LevelFilter = DifficultyLevel | "all";
const LEVEL_OPTIONS: { value: LevelFilter; label: string }[] = [{ value: "all", label: "Todos os níveis" }, ...DIFFICULTY_LEVELS.map((l) => ({ value: l, label: DIFFICULTY_LABEL[l] }))];

const PAGE_SIZE = 12;

/** Accents and case do not matter when searching ("introducao" finds "Introdução"). */
const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** /academy: the courses this user may open, with search and a level filter (issue 19). */
export default function AcademyPage() {
  const courses = useCourses();
  const [q, setQ] = useState("");
  const [level, setLevel] = useState<LevelFilter>("all");
  const [page, setPage] = useState(1);
  const shown = useMemo(() => {
    const needle = fold(q.trim());
    return (courses.data ?? []).filter((c) => (level === "all" || c.difficultyLevel === level) && (!needle || fold(`${c.title} ${c.description}`).includes(needle)));
  }, [courses.data, q, level]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const visible = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const search = (v: string) => {
    setQ(v);
    setPage(1);
  };
  const filter = (v: LevelFilter) => {
    setLevel(v);
    setPage(1);
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-4 md:p-6">
      <header>
        <h1 className="font-semibold text-2xl">Academy</h1>
        <p className="text-base-content/70 text-sm">Cursos para aprender a usar a Atenda no dia a dia.</p>
      </header>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextInput label="Buscar cursos" value={q} onChange={search} placeholder="Título ou assunto" className="sm:max-w-sm sm:flex-1" />
        <SelectInput label="Nível" value={level} onChange={filter} options={LEVEL_OPTIONS} className="sm:w-56" />
      </div>
      {courses.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : courses.isError ? (
        <p role="alert" className="alert alert-error">
          {trpcErrorMessage(courses.error, "Não foi possível carregar os cursos.")}
        </p>
      ) : shown.length === 0 ? (
        <p className="text-base-content/70">{courses.data.length === 0 ? "Nenhum curso disponível ainda." : "Nenhum curso encontrado."}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Cursos">
          {visible.map((c) => (
            <CourseCard key={c.id} course={c} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Páginas de cursos" className="join self-center">
          <button type="button" className="btn join-item" disabled={current <= 1} onClick={() => setPage(current - 1)}>
            Anterior
          </button>
          <span className="btn join-item pointer-events-none" aria-current="page">
            Página {current} de {pages}
          </span>
          <button type="button" className="btn join-item" disabled={current >= pages} onClick={() => setPage(current + 1)}>
            Próxima
          </button>
        </nav>
      )}
      <MyCertificates />
    </div>
  );
}
