import type { FormEvent, ReactNode } from "react";
import { ButtonSpinner } from "../../../components/ui/spinner";

type Props = {
  title: string;
  description: string;
  children: ReactNode;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  /** Sections without a save of their own (Intenções) leave the footer out. */
  footer?: boolean;
};

/** One editor section: heading, plain-language explanation, fields, and a sticky save bar. */
export function SectionCard({ title, description, children, dirty, saving, onSave, onDiscard, footer = true }: Props) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!saving) onSave();
  };
  return (
    <form onSubmit={submit} aria-label={title} className="card border border-base-300 bg-base-100 shadow-sm" noValidate>
      <div className="card-body gap-5">
        <header>
          <h2 className="card-title text-lg">{title}</h2>
          <p className="text-base-content/60 text-sm">{description}</p>
        </header>
        {children}
      </div>
      {footer && (
        <div className="sticky bottom-0 flex items-center justify-end gap-3 rounded-b-box border-base-300 border-t bg-base-100/95 px-6 py-3 backdrop-blur">
          {dirty && <span className="mr-auto text-warning-content text-xs">• Alterações não salvas</span>}
          <button type="button" className="btn btn-ghost btn-sm" disabled={!dirty || saving} onClick={onDiscard}>
            Descartar
          </button>
          <button type="submit" className="btn btn-primary btn-sm" disabled={!dirty || saving}>
            {saving && <ButtonSpinner />}
            Salvar alterações
          </button>
        </div>
      )}
    </form>
  );
}
