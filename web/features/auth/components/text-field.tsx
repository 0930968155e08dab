import { type InputHTMLAttributes, useId } from "react";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> & {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
};

/** Labelled input with its pt-BR error right under it. */
export function TextField({ label, value, onChange, error, className = "", ...rest }: Props) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-medium text-sm">
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${error ? "input-error" : ""}`}
        value={value}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-err` : undefined}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
      {error && (
        <p id={`${id}-err`} className="mt-1 text-error text-xs">
          {error}
        </p>
      )}
    </div>
  );
}
