import type { Env } from "../../../env";
import { type StoredFile, absoluteFilePath } from "../../files/store";

/** The first bytes of a stored file (enough for every magic number we check). */
export async function readHead(env: Pick<Env, "DATA_DIR">, file: Pick<StoredFile, "storagePath">, length = 16): Promise<Uint8Array> {
  return new Uint8Array(await Bun.file(absoluteFilePath(env, file)).slice(0, length).arrayBuffer());
}
