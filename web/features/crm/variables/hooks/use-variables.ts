import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../routers/_app";
import { trpc } from "../../../../lib/trpc";

type Outputs = inferRouterOutputs<AppRouter>;
export type VariableDefinition = Outputs["variables"]["definitions"]["list"][number];
export type ContactVariable = Outputs["variables"]["contact"]["list"][number];

export const useVariableDefinitions = () => useQuery(trpc.variables.definitions.list.queryOptions(undefined, { staleTime: 30_000 }));
export const useContactVariables = (contactId: string) => useQuery(trpc.variables.contact.list.queryOptions({ contactId }));

/** Re-reads the definitions (and every contact's variables: their labels come from them). */
export function useRefreshVariables() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: trpc.variables.definitions.list.queryKey() }), qc.invalidateQueries({ queryKey: trpc.variables.contact.list.pathKey() })]);
}

/** A contact's values changed: its variables, and the contact page that mirrors the fields. */
export function useRefreshContactVariables(contactId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: trpc.variables.contact.list.queryKey({ contactId }) }), qc.invalidateQueries({ queryKey: trpc.contacts.pathKey() })]);
}
