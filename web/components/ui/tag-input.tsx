import { type KeyboardEvent, useId, useState } from "react";
import type { z } from "zod";
import { Icon } from "./icons";

type Props = {
  label: string;
  values: string[];
  onChange: (next: string[]) => void;
  placeholder?: string;
  hint?: string;
  /** Errors of the list ("" key) or of an item ("0", "1"…), as fieldErrors gives them. */
  error?: string | null;
  /** Checks one item before it is added (the same contract the server uses). */
  itemSchema?: z.ZodType;
  max?: number;
};

/**
 * Words as chips: Enter or comma adds, Backspace on an empty box removes the last, ✕ removes one.
 * Duplicates (case-insensitive) are ignored; an item the contract refuses is not added.
 */
export function TagInput({ label, values, onChange, placeholder, hint, error, itemSchema, max }: Props) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [itemError, setItemError] = useState<string | null>(null);

  function add(raw: string) {
    const text = raw.trim().replace(/\s+/g, " ");
    if (!text) return;
    if (values.some((v) => v.toLowerCase() === text.toLowerCase())) {
      setDraft("");
      return;
    }
    if (max !== undefined && values.length >= max) {
      setItemError(`No máximo ${max} itens`);
      return;
    }
    if (itemSchema) {
      const r = itemSchema.safeParse(text);
      if (!r.success) {
        setItemError(r.error.issues[0]?.message ?? "Valor inválido");
        return;
      }
      onChange([...values, String(r.data)]);
    } else onChange([...values, text]);
    setDraft("");
    setItemError(null);
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter" || e.key === ",") {
      e.preventDefault();
      add(draft);
    } else if (e.key === "Backspace" && !draft && values.length) {
      onChange(values.slice(0, -1));
    }
  }

  const shown = itemError ?? error;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-sm">
        {label}
      </label>
      <div
        className={`flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-field border bg-base-100 px-2 py-1.5 focus-within:outline-2 focus-within:outline-primary/40 ${
          shown ? "border-error" : "border-base-content/20"
        }`}
      >
        <ul className="contents" aria-label="Itens adicionados">
          {values.map((v) => (
            <li key={v} className="badge badge-primary badge-soft gap-1 py-3">
              <span className="max-w-56 truncate">{v}</span>
              <button
                type="button"
                className="opacity-60 hover:opacity-100"
                aria-label={`Remover ${v}`}
                onClick={() => onChange(values.filter((x) => x !== v))}
              >
                <Icon name="x" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          className="min-w-32 flex-1 bg-transparent px-1 py-1 text-sm outline-none"
          value={draft}
          placeholder={values.length ? "" : placeholder}
          aria-invalid={!!shown}
          onChange={(e) => {
            setDraft(e.target.value);
            setItemError(null);
          }}
          onKeyDown={onKey}
          onBlur={() => add(draft)}
        />
      </div>
      {shown ? (
        <p className="mt-1 text-error text-xs">{shown}</p>
      ) : (
        <p className="mt-1 text-base-content/60 text-xs">{hint ?? "Digite e pressione Enter para adicionar."}</p>
      )}
    </div>
  );
}
