import type { ReactNode } from "react";
import type { Agent } from "../hooks/use-agents";
import { useSaveAgent } from "../hooks/use-save-agent";
import { SectionCard } from "./section-card";
import { useReportDirty } from "./sections/types";

/** What the save bar needs from useSectionForm: is it dirty, how to undo, and the validated patch. */
type SaveableForm = { dirty: boolean; reset: () => void; validate: () => unknown };

type Props = {
  agent: Agent;
  form: SaveableForm;
  onDirtyChange: (dirty: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
};

/**
 * An editor section that saves agent fields: reports unsaved edits to the leave guard, validates with
 * the section's zod contract and sends only that patch (agents.update); the toast names the section.
 */
export function AgentSectionForm({ agent, form, onDirtyChange, title, description, children }: Props) {
  const save = useSaveAgent(agent.id, title);
  useReportDirty(form.dirty, onDirtyChange);
  return (
    <SectionCard
      title={title}
      description={description}
      dirty={form.dirty}
      saving={save.isPending}
      onDiscard={form.reset}
      onSave={() => {
        const patch = form.validate();
        if (patch) save.mutate({ id: agent.id, patch });
      }}
    >
      {children}
    </SectionCard>
  );
}
