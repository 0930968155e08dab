import { integer, text } from "drizzle-orm/sqlite-core";

/** UUIDv7 primary key: time-ordered, so inserts stay append-only in the b-tree. */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => Bun.randomUUIDv7());

/** Integer milliseconds since epoch, UTC. Displayed in America/Sao_Paulo by the client. */
export const ms = (name: string) => integer(name, { mode: "number" });

export const timestamps = {
  createdAt: ms("created_at")
    .notNull()
    .$defaultFn(() => Date.now()),
  updatedAt: ms("updated_at")
    .notNull()
    .$defaultFn(() => Date.now())
    .$onUpdateFn(() => Date.now()),
};
