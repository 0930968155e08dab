import { useQueryClient } from "@tanstack/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import { useToast } from "../../../components/ui/toast";
import { trpc } from "../../../lib/trpc";

type Outputs = inferRouterOutputs<AppRouter>["campaigns"]["lists"];
export type CampaignListsInput = inferRouterInputs<AppRouter>["campaigns"]["lists"]["list"];
export type CampaignListRow = Outputs["list"]["items"][number];
export type CampaignMemberRow = Outputs["members"]["items"][number];
export type FillOutcome = Outputs["addNumbers"];

/** Every campaign-list screen reads again after a change (lists, members, counts, opt-outs). */
export function useRefreshCampaignLists() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.campaigns.lists.pathKey() });
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("pt-BR")} ${n === 1 ? one : many}`;

/** "3 adicionados · 1 repetido · 1 descadastrado · 2 inválidos · 1 sem telefone" for the toast and the report. */
export function describeOutcome(o: FillOutcome & { noPhone?: number }): string {
  const parts = [plural(o.added, "contato adicionado", "contatos adicionados")];
  if (o.duplicates) parts.push(plural(o.duplicates, "repetido (já na lista)", "repetidos (já na lista)"));
  if (o.optedOut) parts.push(plural(o.optedOut, "descadastrado ignorado", "descadastrados ignorados"));
  if (o.invalid) parts.push(plural(o.invalid, "inválido", "inválidos"));
  if (o.noPhone) parts.push(plural(o.noPhone, "sem telefone", "sem telefone"));
  return parts.join(" · ");
}

/** Toast after a fill, and the caller keeps the outcome to show its per-row errors. */
export function useFillDone() {
  const toast = useToast();
  const refresh = useRefreshCampaignLists();
  return async (o: FillOutcome) => {
    toast({ title: o.added ? "Contatos adicionados à lista" : "Nenhum contato novo adicionado", description: describeOutcome(o) });
    await refresh();
  };
}
