-- Issue 14/12 speed: statements appended below.
-- Issue 14 import speed: a contact created by a CSV import carries its import's id, and the import
-- indexes its chunk's rows in contacts_fts with one INSERT … SELECT (src/services/crm/contact-import-sql.ts):
-- the per-row trigger skips those rows.
ALTER TABLE `contacts` ADD `import_id` text;
--> statement-breakpoint
DROP TRIGGER `contacts_fts_insert`;
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_insert` AFTER INSERT ON `contacts` WHEN new.import_id IS NULL BEGIN
  INSERT INTO contacts_fts(rowid, name, email, phone, company_name) VALUES (new.rowid, new.name, new.email, new.phone, new.company_name);
END;
