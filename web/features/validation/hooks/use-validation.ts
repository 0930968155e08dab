import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import { trpc, trpcClient } from "../../../lib/trpc";

type Outputs = inferRouterOutputs<AppRouter>;
export type ValidationRun = Outputs["validation"]["list"][number];
export type ValidationResultsPage = Outputs["validation"]["results"];

/** The job reports per batch: the runs table re-reads this often while one runs. */
export const VALIDATION_POLL_MS = 1_000;
export const isLive = (status: string | undefined) => status === "pending" || status === "running";

export function useValidationRuns() {
  return useQuery(trpc.validation.list.queryOptions(undefined, { refetchInterval: (q) => (q.state.data?.some((r) => isLive(r.status)) ? VALIDATION_POLL_MS : false) }));
}

export function useStartValidation() {
  const qc = useQueryClient();
  return useMutation(trpc.validation.start.mutationOptions({ onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.validation.pathKey() }) }));
}

export function useCancelValidation() {
  const qc = useQueryClient();
  return useMutation(trpc.validation.cancel.mutationOptions({ onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.validation.pathKey() }) }));
}

/** "Baixar CSV": the server builds the file (same columns as the results), the browser saves it. */
export async function downloadValidationCsv(id: string) {
  const { fileName, csv } = await trpcClient.validation.csv.query({ id });
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
