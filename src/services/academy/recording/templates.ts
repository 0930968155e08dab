/**
 * Recording templates of /admin/academy/record (issue 19): resolution, frame rate and whether the
 * microphone is mixed in. Exactly one is the default (the page preselects it); at least one exists.
 */
import { asc, desc, eq, ne } from "drizzle-orm";
import { academyRecordingTemplates } from "../../../../db/schema";
import { AppError } from "../../../lib/errors";
import { RECORDING_TEXT, type RecordingTemplate, type RecordingTemplateInput } from "../../../schemas/academy/recording";
import { type AppDeps, withTransaction } from "../../context";

type Db = Pick<AppDeps, "db" | "now">;

const columns = {
  id: academyRecordingTemplates.id,
  name: academyRecordingTemplates.name,
  width: academyRecordingTemplates.width,
  height: academyRecordingTemplates.height,
  frameRate: academyRecordingTemplates.frameRate,
  withMicrophone: academyRecordingTemplates.withMicrophone,
  isDefault: academyRecordingTemplates.isDefault,
};

/** The default first, then the largest picture, then by name. */
export function listRecordingTemplates(deps: Db): Promise<RecordingTemplate[]> {
  return deps.db
    .select(columns)
    .from(academyRecordingTemplates)
    .orderBy(desc(academyRecordingTemplates.isDefault), desc(academyRecordingTemplates.width), desc(academyRecordingTemplates.frameRate), asc(academyRecordingTemplates.name));
}

export async function createRecordingTemplate(deps: Db, input: RecordingTemplateInput): Promise<RecordingTemplate> {
  return withTransaction(deps.db, async (tx) => {
    const [row] = await tx.insert(academyRecordingTemplates).values(input).returning(columns);
    if (!row) throw new AppError("INTERNAL", "Não foi possível criar o modelo.");
    if (row.isDefault) await tx.update(academyRecordingTemplates).set({ isDefault: false, updatedAt: deps.now() }).where(ne(academyRecordingTemplates.id, row.id));
    return row;
  });
}

export async function updateRecordingTemplate(deps: Db, input: RecordingTemplate): Promise<RecordingTemplate> {
  const { id, ...fields } = input;
  return withTransaction(deps.db, async (tx) => {
    const [current] = await tx.select(columns).from(academyRecordingTemplates).where(eq(academyRecordingTemplates.id, id)).limit(1);
    if (!current) throw new AppError("NOT_FOUND", RECORDING_TEXT.templateNotFound);
    // Unticking the only default would leave none: the default moves only by choosing another.
    const isDefault = fields.isDefault || current.isDefault;
    const [row] = await tx
      .update(academyRecordingTemplates)
      .set({ ...fields, isDefault, updatedAt: deps.now() })
      .where(eq(academyRecordingTemplates.id, id))
      .returning(columns);
    if (!row) throw new AppError("NOT_FOUND", RECORDING_TEXT.templateNotFound);
    if (fields.isDefault) await tx.update(academyRecordingTemplates).set({ isDefault: false, updatedAt: deps.now() }).where(ne(academyRecordingTemplates.id, id));
    return row;
  });
}

export async function deleteRecordingTemplate(deps: Db, id: string): Promise<{ ok: true }> {
  return withTransaction(deps.db, async (tx) => {
    const all = await tx.select({ id: academyRecordingTemplates.id, isDefault: academyRecordingTemplates.isDefault }).from(academyRecordingTemplates);
    const target = all.find((t) => t.id === id);
    if (!target) throw new AppError("NOT_FOUND", RECORDING_TEXT.templateNotFound);
    if (all.length === 1) throw new AppError("PRECONDITION_FAILED", RECORDING_TEXT.lastTemplate);
    await tx.delete(academyRecordingTemplates).where(eq(academyRecordingTemplates.id, id));
    if (target.isDefault) {
      // The next in the list's order inherits the default.
      const [next] = await tx.select({ id: academyRecordingTemplates.id }).from(academyRecordingTemplates).orderBy(desc(academyRecordingTemplates.width), desc(academyRecordingTemplates.frameRate)).limit(1);
      if (next) await tx.update(academyRecordingTemplates).set({ isDefault: true, updatedAt: deps.now() }).where(eq(academyRecordingTemplates.id, next.id));
    }
    return { ok: true as const };
  });
}
