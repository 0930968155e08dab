-- Custom SQL migration file, put your code below! --
-- FTS5 over chunk text, kept in step with embeddings by triggers (external content table).
CREATE VIRTUAL TABLE `embeddings_fts` USING fts5(content, content='embeddings', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `embeddings_fts_ai` AFTER INSERT ON `embeddings` BEGIN
  INSERT INTO embeddings_fts(rowid, content) VALUES (new.id, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `embeddings_fts_ad` AFTER DELETE ON `embeddings` BEGIN
  INSERT INTO embeddings_fts(embeddings_fts, rowid, content) VALUES ('delete', old.id, old.content);
END;
--> statement-breakpoint
CREATE TRIGGER `embeddings_fts_au` AFTER UPDATE ON `embeddings` BEGIN
  INSERT INTO embeddings_fts(embeddings_fts, rowid, content) VALUES ('delete', old.id, old.content);
  INSERT INTO embeddings_fts(rowid, content) VALUES (new.id, new.content);
END;
