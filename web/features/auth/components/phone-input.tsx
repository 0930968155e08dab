import { formatBrazilPhone } from "../../../../src/schemas/auth";
import { useId } from "react";

type Props = { label: string; value: string; onChange: (v: string) => void; onBlur?: () => void; error?: string | null };

export const PHONE_PREFIX = "+55 ";

/** WhatsApp number: '+55' is fixed, digits format to '+55 (DD) NNNNN-NNNN', at most 19 chars (§5). */
export function PhoneInput({ label, value, onChange, onBlur, error }: Props) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-sm">
        {label}
      </label>
      <input
        id={id}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={19}
        className={`input w-full ${error ? "input-error" : ""}`}
        value={value}
        placeholder="+55 (11) 91234-5678"
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-err` : undefined}
        onChange={(e) => onChange(formatBrazilPhone(e.target.value))}
        onKeyDown={(e) => {
          // The prefix cannot be deleted: block Backspace/Delete when only '+55 ' is left.
          const el = e.currentTarget;
          if ((e.key === "Backspace" || e.key === "Delete") && el.value.length <= PHONE_PREFIX.length) e.preventDefault();
        }}
        onFocus={(e) => {
          if (!e.currentTarget.value) onChange(PHONE_PREFIX);
        }}
        onBlur={onBlur}
      />
      {error && (
        <p id={`${id}-err`} className="mt-1 text-error text-xs">
          {error}
        </p>
      )}
    </div>
  );
}
