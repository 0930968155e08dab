import {
  adminSuggestionListInput,
  adminSuggestionMergeInput,
  adminSuggestionReplyInput,
  adminSuggestionUpdateInput,
  suggestionIdInput,
} from "../src/schemas/suggestions-api";
import {
  adminDeleteSuggestion,
  adminListSuggestions,
  adminMergeSuggestions,
  adminReplySuggestion,
  adminUpdateSuggestion,
} from "../src/services/suggestions/moderation";
import { adminProcedure, router } from "./trpc";

/** Issue 19, moderating feature suggestions (H7): mutations are audited by adminProcedure. */
export const adminSuggestionsRouter = router({
  list: adminProcedure.input(adminSuggestionListInput).query(({ ctx, input }) => adminListSuggestions(ctx.svc, input)),
  update: adminProcedure.input(adminSuggestionUpdateInput).mutation(({ ctx, input }) => adminUpdateSuggestion(ctx.svc, input)),
  reply: adminProcedure.input(adminSuggestionReplyInput).mutation(({ ctx, input }) => adminReplySuggestion(ctx.svc, input)),
  merge: adminProcedure.input(adminSuggestionMergeInput).mutation(({ ctx, input }) => adminMergeSuggestions(ctx.svc, input)),
  delete: adminProcedure.input(suggestionIdInput).mutation(({ ctx, input }) => adminDeleteSuggestion(ctx.svc, input.id)),
});
