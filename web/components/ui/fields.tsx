import { type ReactNode, useId } from "react";

type FieldProps = {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** Shows "n/max" beside the label for bounded texts. */
  count?: { value: number; max: number };
  className?: string;
  children: (p: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
};

/** Label, control, hint and the pt-BR error right under the control (same look as the auth forms). */
export function Field({ label, hint, error, count, className = "", children }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-err` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="font-medium text-sm">
          {label}
        </label>
        {count && (
          <span className={`text-xs tabular-nums ${count.value > count.max ? "text-error" : "text-base-content/50"}`}>
            {count.value}/{count.max}
          </span>
        )}
      </div>
      {children({ id, describedBy, invalid: !!error })}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-base-content/60 text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-err`} className="mt-1 text-error text-xs">
          {error}
        </p>
      )}
    </div>
  );
}

type TextProps = {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  hint?: ReactNode;
  max?: number;
  placeholder?: string;
  type?: string;
  className?: string;
  disabled?: boolean;
  autoFocus?: boolean;
};

export function TextInput({ label, value, onChange, error, hint, max, placeholder, type = "text", className, disabled, autoFocus }: TextProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className} count={max ? { value: value.length, max } : undefined}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type={type}
          className={`input w-full ${invalid ? "input-error" : ""}`}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function TextArea({ label, value, onChange, error, hint, max, placeholder, className, disabled, rows = 4 }: TextProps & { rows?: number }) {
  return (
    <Field label={label} hint={hint} error={error} className={className} count={max ? { value: value.length, max } : undefined}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={rows}
          className={`textarea w-full ${invalid ? "textarea-error" : ""}`}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

type NumberProps = Omit<TextProps, "value" | "onChange" | "max" | "type"> & {
  value: number;
  onChange: (v: number) => void;
  min?: number;
  max?: number;
  suffix?: string;
};

/** An empty box is NaN, so the contract reports it instead of a silent 0. */
export function NumberInput({ label, value, onChange, error, hint, min, max, suffix, className, disabled }: NumberProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy, invalid }) => (
        <label className={`input w-full ${invalid ? "input-error" : ""}`}>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            className="grow"
            min={min}
            max={max}
            disabled={disabled}
            value={Number.isFinite(value) ? value : ""}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.value === "" ? Number.NaN : Number(e.target.value))}
          />
          {suffix && <span className="text-base-content/50 text-sm">{suffix}</span>}
        </label>
      )}
    </Field>
  );
}

type SelectProps<T extends string> = {
  label: string;
  value: T;
  onChange: (v: T) => void;
  options: readonly { value: T; label: string }[];
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  disabled?: boolean;
};

export function SelectInput<T extends string>({ label, value, onChange, options, error, hint, className, disabled }: SelectProps<T>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className={`select w-full ${invalid ? "select-error" : ""}`}
          value={value}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => {
            const next = options.find((o) => o.value === e.target.value);
            if (next) onChange(next.value);
          }}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

type ToggleProps = {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
};

/** A setting row: title and plain explanation on the left, switch on the right. */
export function ToggleRow({ label, description, checked, onChange, disabled }: ToggleProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-sm">
          {label}
        </label>
        {description && <p className="text-base-content/60 text-xs">{description}</p>}
      </div>
      <input
        id={id}
        type="checkbox"
        className="toggle toggle-primary mt-0.5 shrink-0"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  );
}
