-- Issue 11 (hardening). Hand-written while several parts land at once; each part appends its
-- statements below, each separated from the next by a statement-breakpoint line.
SELECT 1;
