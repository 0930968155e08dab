import {
  suggestionCreateInput,
  suggestionIdInput,
  suggestionListInput,
  suggestionUpdateInput,
  suggestionVoteInput,
} from "../src/schemas/suggestions-api";
import { createSuggestion, deleteOwnSuggestion, getSuggestion, listSuggestions, updateOwnSuggestion, voteSuggestion } from "../src/services/suggestions/board";
import { authedProcedure, router } from "./trpc";

/** Issue 19, feature suggestions and votes (H7): one board for every signed-in user, not per workspace. */
export const suggestionsRouter = router({
  list: authedProcedure.input(suggestionListInput).query(({ ctx, input }) => listSuggestions(ctx.svc, input)),
  get: authedProcedure.input(suggestionIdInput).query(({ ctx, input }) => getSuggestion(ctx.svc, input.id)),
  create: authedProcedure.input(suggestionCreateInput).mutation(({ ctx, input }) => createSuggestion(ctx.svc, input)),
  update: authedProcedure.input(suggestionUpdateInput).mutation(({ ctx, input }) => updateOwnSuggestion(ctx.svc, input)),
  delete: authedProcedure.input(suggestionIdInput).mutation(({ ctx, input }) => deleteOwnSuggestion(ctx.svc, input.id)),
  vote: authedProcedure.input(suggestionVoteInput).mutation(({ ctx, input }) => voteSuggestion(ctx.svc, input)),
});
