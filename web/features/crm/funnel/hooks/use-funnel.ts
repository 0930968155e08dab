import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../routers/_app";
import type { DealFilter } from "../../../../../src/schemas/crm/funnel";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcClient, trpcErrorMessage } from "../../../../lib/trpc";

type Out = inferRouterOutputs<AppRouter>["funnel"];
type In = inferRouterInputs<AppRouter>["funnel"];
export type Board = Out["deals"]["board"];
export type BoardColumn = Board["columns"][number];
export type Card = BoardColumn["cards"][number];
export type Stage = BoardColumn["stage"];
export type Pipeline = Out["pipelines"]["list"][number];
export type DealListPage = Out["deals"]["list"];
export type FunnelStats = Out["stats"];
export type MoveInput = In["deals"]["move"];

export const PER_STAGE = 20;
const DAY_MS = 86_400_000;

/** "hoje", "1 dia", "12 dias" in the stage. */
export function daysInStage(enteredAt: number, now = Date.now()): string {
  const days = Math.max(0, Math.floor((now - enteredAt) / DAY_MS));
  return days === 0 ? "hoje na etapa" : `${days} ${days === 1 ? "dia" : "dias"} na etapa`;
}

export const usePipelines = () => useQuery(trpc.funnel.pipelines.list.queryOptions(undefined, { staleTime: 30_000 }));

export function useBoard(pipelineId: string | undefined, filter: DealFilter) {
  return useQuery(trpc.funnel.deals.board.queryOptions({ pipelineId, perStage: PER_STAGE, ...filter }, { enabled: !!pipelineId, staleTime: 10_000 }));
}

const weightOf = (card: Card, stage: Stage) => Math.round((card.valueCents * (card.probability ?? stage.probability)) / 100);

/** The board after a card leaves its column for `target` (before `beforeId`, or at the end). */
export function moveCardLocally(board: Board, dealId: string, targetStageId: string, beforeId: string | null): Board {
  const from = board.columns.find((c) => c.cards.some((d) => d.id === dealId));
  const card = from?.cards.find((d) => d.id === dealId);
  const to = board.columns.find((c) => c.stage.id === targetStageId);
  if (!from || !card || !to) return board;
  const status = to.stage.isWon ? "won" : to.stage.isLost ? "lost" : "open";
  const moved: Card = { ...card, stageId: targetStageId, status, enteredStageAt: from === to ? card.enteredStageAt : Date.now() };
  const columns = board.columns.map((c) => {
    let cards = c.cards.filter((d) => d.id !== dealId);
    let totals = c.totals;
    if (c === from && from !== to) totals = { ...totals, count: totals.count - 1, valueCents: totals.valueCents - card.valueCents, weightedCents: totals.weightedCents - weightOf(card, c.stage) };
    if (c === to) {
      const at = beforeId ? cards.findIndex((d) => d.id === beforeId) : -1;
      cards = at < 0 ? [...cards, moved] : [...cards.slice(0, at), moved, ...cards.slice(at)];
      if (from !== to) totals = { ...totals, count: totals.count + 1, valueCents: totals.valueCents + card.valueCents, weightedCents: totals.weightedCents + weightOf(card, c.stage) };
    }
    return { ...c, cards, totals };
  });
  return { ...board, columns };
}

/**
 * A drag's move: the board changes at once (optimistic), the server decides; a refusal puts the
 * board back as it was and says why in a toast (CONFLICT: someone else moved it first).
 */
export function useMoveDeal(boardKey: readonly unknown[]) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: MoveInput) => trpcClient.funnel.deals.move.mutate(input),
    onMutate: async (input) => {
      await qc.cancelQueries({ queryKey: boardKey });
      const before = qc.getQueryData<Board>(boardKey);
      if (before) qc.setQueryData<Board>(boardKey, moveCardLocally(before, input.dealId, input.targetStageId, input.beforeDealId ?? null));
      return { before };
    },
    onError: (e, _input, context) => {
      if (context?.before) qc.setQueryData(boardKey, context.before);
      toast({ title: "Não foi possível mover o negócio", description: trpcErrorMessage(e, "Tente novamente."), variant: "destructive" });
      void qc.invalidateQueries({ queryKey: boardKey });
    },
    onSuccess: (deal) => {
      // The server's row carries the new version: the next drag of this card must send it.
      qc.setQueryData<Board>(boardKey, (b) =>
        b ? { ...b, columns: b.columns.map((c) => ({ ...c, cards: c.cards.map((d) => (d.id === deal.id ? { ...d, version: deal.version, lostReason: deal.lostReason } : d)) })) } : b,
      );
      void qc.invalidateQueries({ queryKey: trpc.funnel.stats.pathKey() });
      void qc.invalidateQueries({ queryKey: trpc.funnel.deals.list.pathKey() });
    },
  });
}

/** "Carregar mais" of one column: appends the next cards to the cached board. */
export function useLoadMore(boardKey: readonly unknown[], filter: DealFilter) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: { stageId: string; after: string }) => trpcClient.funnel.deals.column.query({ ...filter, ...input, limit: PER_STAGE }),
    onSuccess: (page, input) =>
      qc.setQueryData<Board>(boardKey, (b) =>
        b
          ? {
              ...b,
              columns: b.columns.map((c) => {
                if (c.stage.id !== input.stageId) return c;
                const known = new Set(c.cards.map((d) => d.id));
                return { ...c, cards: [...c.cards, ...page.cards.filter((d) => !known.has(d.id))], nextCursor: page.nextCursor };
              }),
            }
          : b,
      ),
    onError: (e) => toast({ title: "Não foi possível carregar mais negócios", description: trpcErrorMessage(e, "Tente novamente."), variant: "destructive" }),
  });
}

/** Re-reads everything the board shows after a change made elsewhere (new deal, stages edited). */
export function useRefreshFunnel() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.funnel.deals.board.pathKey() }),
      qc.invalidateQueries({ queryKey: trpc.funnel.deals.list.pathKey() }),
      qc.invalidateQueries({ queryKey: trpc.funnel.pipelines.list.pathKey() }),
      qc.invalidateQueries({ queryKey: trpc.funnel.stats.pathKey() }),
    ]);
}
