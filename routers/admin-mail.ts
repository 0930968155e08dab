import {
  mailOutboxListInput,
  mailSenderInput,
  mailServerInput,
  mailTemplateSaveInput,
  mailTemplateTestInput,
  mailTemplateTypeInput,
} from "../src/schemas/admin-mail";
import { getMailTemplate, listMailTemplates, renderMailSample, restoreMailTemplate, saveMailTemplate, sendMailTest } from "../src/services/mail-templates/admin";
import { listMailOutbox } from "../src/services/mail-templates/outbox";
import { getMailConfig, saveMailSender, saveMailServer, testMailServer } from "../src/services/mail-templates/server-config";
import { adminProcedure, router } from "./trpc";

/** Admin: mail server and sender, email templates, previews, test sends and the outbox (/admin/modelos-emails, /admin/teste-emails) (issue 17). */
export const adminMailRouter = router({
  config: router({
    get: adminProcedure.query(({ ctx }) => getMailConfig(ctx.deps)),
    saveServer: adminProcedure.input(mailServerInput).mutation(({ ctx, input }) => saveMailServer(ctx.deps, ctx.meta, ctx.session.user.id, input)),
    saveSender: adminProcedure.input(mailSenderInput).mutation(({ ctx, input }) => saveMailSender(ctx.deps, ctx.meta, ctx.session.user.id, input)),
    test: adminProcedure.mutation(({ ctx }) => testMailServer(ctx.deps)),
  }),
  templates: router({
    list: adminProcedure.query(({ ctx }) => listMailTemplates(ctx.deps)),
    get: adminProcedure.input(mailTemplateTypeInput).query(({ ctx, input }) => getMailTemplate(ctx.deps, input.type)),
    sample: adminProcedure.input(mailTemplateTypeInput).query(({ ctx, input }) => renderMailSample(ctx.deps, input.type)),
    save: adminProcedure.input(mailTemplateSaveInput).mutation(({ ctx, input }) => saveMailTemplate(ctx.deps, ctx.meta, ctx.session.user.id, input)),
    restore: adminProcedure.input(mailTemplateTypeInput).mutation(({ ctx, input }) => restoreMailTemplate(ctx.deps, ctx.meta, ctx.session.user.id, input.type)),
    sendTest: adminProcedure.input(mailTemplateTestInput).mutation(({ ctx, input }) => sendMailTest(ctx.deps, ctx.meta, ctx.session.user.id, input)),
  }),
  outbox: router({
    list: adminProcedure.input(mailOutboxListInput).query(({ ctx, input }) => listMailOutbox(ctx.deps, input)),
  }),
});
