import { useId, useState } from "react";
import { Icon } from "../../../components/ui/icons";

type Props = {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  autoComplete?: string;
  name?: string;
  error?: string | null;
};

/** Password field with the show/hide toggle of SPEC §2 Login. */
export function PasswordInput({ label, value, onChange, onBlur, autoComplete = "current-password", name, error }: Props) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-sm">
        {label}
      </label>
      <div className={`input w-full ${error ? "input-error" : ""}`}>
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          className="grow"
          value={value}
          autoComplete={autoComplete}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-err` : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
        <button
          type="button"
          className="btn btn-ghost btn-xs btn-square"
          aria-label={visible ? "Ocultar senha" : "Mostrar senha"}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon name={visible ? "eyeOff" : "eye"} className="size-4" />
        </button>
      </div>
      {error && (
        <p id={`${id}-err`} className="mt-1 text-error text-xs">
          {error}
        </p>
      )}
    </div>
  );
}
