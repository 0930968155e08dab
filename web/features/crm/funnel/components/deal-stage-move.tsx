import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Dialog } from "../../../../components/ui/dialog";
import { TextArea, TextInput } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { serverFieldError } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { type DealPageData, useRefreshDeal } from "../hooks/use-deal";

type Props = { page: DealPageData };

/** The stage selector: picking a stage asks for an optional note (≤ 500) and, for a lost stage, the reason. */
export function DealStageMove({ page }: Props) {
  const { deal, stages } = page;
  const toast = useToast();
  const refresh = useRefreshDeal(deal.id);
  const selectId = useId();
  const [target, setTarget] = useState<string | null>(null);
  const [notes, setNotes] = useState("");
  const [lostReason, setLostReason] = useState("");
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const stage = stages.find((s) => s.id === target);
  const close = () => {
    setTarget(null);
    setError(null);
  };
  const move = useMutation(
    trpc.funnel.deals.move.mutationOptions({
      onSuccess: () => {
        toast({ title: `Negócio movido para ${stage?.name ?? "a etapa"}` });
        close();
        void refresh({ deal: true, history: true });
      },
      onError: (e) => {
        const field = serverFieldError(e);
        if (field) setError(field);
        else toast({ variant: "destructive", title: "Erro ao mover negócio", description: trpcErrorMessage(e, "Tente novamente.") });
        // A concurrent move: show what the deal looks like now.
        void refresh({ deal: true, history: true });
      },
    }),
  );
  const notesTooLong = notes.trim().length > 500;

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={selectId} className="font-medium text-sm">
        Etapa
      </label>
      <select
        id={selectId}
        className="select select-sm w-full sm:w-56"
        value={deal.stageId}
        onChange={(e) => {
          setNotes("");
          setLostReason("");
          setTarget(e.target.value);
        }}
      >
        {stages.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <Dialog
        open={target !== null}
        onClose={close}
        title={`Mover para “${stage?.name ?? ""}”`}
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={close} disabled={move.isPending}>
              Cancelar
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={move.isPending || notesTooLong}
              onClick={() =>
                target &&
                move.mutate({ dealId: deal.id, targetStageId: target, expectedVersion: deal.version, notes: notes.trim() || undefined, lostReason: stage?.isLost ? lostReason : undefined })
              }
            >
              {move.isPending && <ButtonSpinner />}
              Mover negócio
            </button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          {stage?.isLost && (
            <TextInput label="Motivo da perda" value={lostReason} onChange={setLostReason} max={500} error={error?.field === "lostReason" ? error.message : null} autoFocus />
          )}
          <TextArea
            label="Observação (opcional)"
            value={notes}
            onChange={setNotes}
            max={500}
            rows={3}
            error={notesTooLong ? "Observação deve ter no máximo 500 caracteres" : error?.field === "notes" ? error.message : null}
            hint="Fica registrada no histórico do negócio."
          />
        </div>
      </Dialog>
    </div>
  );
}
