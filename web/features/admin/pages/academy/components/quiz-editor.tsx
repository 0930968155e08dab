import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { QUIZ_DEFAULTS } from "../../../../../../src/schemas/academy/common";
import { ConfirmDialog } from "../../../../../components/ui/confirm-dialog";
import { NumberInput, TextInput } from "../../../../../components/ui/fields";
import { Icon } from "../../../../../components/ui/icons";
import { ButtonSpinner } from "../../../../../components/ui/spinner";
import { trpc } from "../../../../../lib/trpc";
import { QuestionDialog } from "./question-dialog";
import { SortableList } from "./sortable-list";
import type { ModuleNode, QuestionNode } from "./types";
import { useEditor } from "./use-editor";

type Settings = { title: string; passingScore: number; maxAttempts: number; timeLimit: number };
const settingsOf = (m: ModuleNode): Settings => ({
  title: m.quiz?.title ?? `Questionário: ${m.title}`,
  passingScore: m.quiz?.passingScore ?? QUIZ_DEFAULTS.passingScore,
  maxAttempts: m.quiz?.maxAttempts ?? QUIZ_DEFAULTS.maxAttempts,
  timeLimit: m.quiz?.timeLimitMinutes ?? 0,
});

/** The module's quiz: its settings (70 and 3 attempts by default), its questions in order, each edited in a dialog. */
export function QuizEditor({ courseId, module: mod }: { courseId: string; module: ModuleNode }) {
  const { saved, fail } = useEditor(courseId);
  const quiz = mod.quiz;
  const [settings, setSettings] = useState(() => settingsOf(mod));
  const [editing, setEditing] = useState<QuestionNode | "new" | null>(null);
  const [confirm, setConfirm] = useState<{ kind: "quiz" } | { kind: "question"; id: string; prompt: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read the settings when the quiz is created or removed
  useEffect(() => setSettings(settingsOf(mod)), [quiz?.id]);
  const upsert = useMutation(trpc.adminAcademy.quizzes.upsert.mutationOptions({ onSuccess: saved("Questionário salvo"), onError: fail("Não foi possível salvar o questionário") }));
  const after = (title: string) => async () => {
    setConfirm(null);
    await saved(title)();
  };
  const removeQuiz = useMutation(trpc.adminAcademy.quizzes.delete.mutationOptions({ onSuccess: after("Questionário excluído"), onError: fail("Não foi possível excluir") }));
  const removeQuestion = useMutation(trpc.adminAcademy.questions.delete.mutationOptions({ onSuccess: after("Pergunta excluída"), onError: fail("Não foi possível excluir") }));
  const reorder = useMutation(trpc.adminAcademy.questions.reorder.mutationOptions({ onSuccess: saved("Ordem salva"), onError: fail("Não foi possível reordenar") }));
  const save = () =>
    upsert.mutate({ moduleId: mod.id, title: settings.title, description: "", passingScore: settings.passingScore, maxAttempts: settings.maxAttempts, timeLimitMinutes: settings.timeLimit > 0 ? settings.timeLimit : null });

  return (
    <section className="mt-3 flex flex-col gap-3 rounded-box bg-base-200/60 p-3" aria-label={`Questionário do módulo ${mod.title}`}>
      <div className="flex items-center justify-between gap-2">
        <h4 className="font-medium">{quiz ? "Questionário" : "Sem questionário"}</h4>
        {quiz && (
          <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setConfirm({ kind: "quiz" })}>
            Excluir questionário
          </button>
        )}
      </div>
      <div className="grid gap-2 sm:grid-cols-4">
        <TextInput className="sm:col-span-4" label="Título do questionário" value={settings.title} onChange={(v) => setSettings((s) => ({ ...s, title: v }))} max={160} />
        <NumberInput label="Nota mínima" value={settings.passingScore} onChange={(v) => setSettings((s) => ({ ...s, passingScore: v }))} min={1} max={100} suffix="%" />
        <NumberInput label="Tentativas" value={settings.maxAttempts} onChange={(v) => setSettings((s) => ({ ...s, maxAttempts: v }))} min={1} max={10} />
        <NumberInput label="Tempo limite (0 = sem limite)" value={settings.timeLimit} onChange={(v) => setSettings((s) => ({ ...s, timeLimit: v }))} min={0} max={240} suffix="min" />
        <button type="button" className="btn btn-sm btn-primary self-end" onClick={save} disabled={upsert.isPending}>
          {upsert.isPending && <ButtonSpinner />}
          {quiz ? "Salvar questionário" : "Criar questionário"}
        </button>
      </div>
      {quiz && (
        <>
          {quiz.questions.length === 0 ? (
            <p className="text-base-content/60 text-sm">Nenhuma pergunta ainda.</p>
          ) : (
            <SortableList
              items={quiz.questions}
              noun="pergunta"
              labelOf={(q) => q.prompt}
              disabled={reorder.isPending}
              onReorder={(ids) => reorder.mutate({ quizId: quiz.id, ids })}
              render={(q, i) => (
                <div className="flex items-center justify-between gap-2">
                  <span className="text-sm">
                    {i + 1}. {q.prompt} <span className="text-base-content/60">({q.kind === "single" ? "escolha única" : "múltipla escolha"}, {q.options.length} alternativas)</span>
                  </span>
                  <span className="flex gap-1">
                    <button type="button" className="btn btn-ghost btn-xs" aria-label={`Editar pergunta ${q.prompt}`} onClick={() => setEditing(q)}>
                      <Icon name="pencil" className="size-3" />
                    </button>
                    <button type="button" className="btn btn-ghost btn-xs text-error" aria-label={`Excluir pergunta ${q.prompt}`} onClick={() => setConfirm({ kind: "question", id: q.id, prompt: q.prompt })}>
                      <Icon name="trash" className="size-3" />
                    </button>
                  </span>
                </div>
              )}
            />
          )}
          <button type="button" className="btn btn-sm self-start" onClick={() => setEditing("new")}>
            <Icon name="plus" className="size-4" />
            Nova pergunta
          </button>
          <QuestionDialog courseId={courseId} quizId={quiz.id} question={editing === "new" ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === "quiz" ? "Excluir questionário?" : "Excluir pergunta?"}
        description={confirm?.kind === "question" ? `A pergunta "${confirm.prompt}" será excluída.` : "O questionário, suas perguntas e as tentativas dos alunos serão excluídos."}
        confirmLabel="Excluir"
        pending={removeQuiz.isPending || removeQuestion.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind === "quiz" && quiz) removeQuiz.mutate({ id: quiz.id });
          else if (confirm?.kind === "question") removeQuestion.mutate({ id: confirm.id });
        }}
      />
    </section>
  );
}
