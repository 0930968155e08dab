import { useEffect } from "react";
import type { Agent } from "../../hooks/use-agents";

export type SectionProps = { agent: Agent; onDirtyChange: (dirty: boolean) => void };

/** Tells the editor whether this section holds unsaved edits (for the leave guard). */
export function useReportDirty(dirty: boolean, onDirtyChange: (dirty: boolean) => void) {
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
}
