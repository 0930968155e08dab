import { Icon } from "../../../../components/ui/icons";
import { useToast } from "../../../../components/ui/toast";
import { copyText } from "../../../../lib/clipboard";

/** A read-only value (webhook URL, verify token) with a copy button, to paste in a provider's panel. */
export function CopyRow({ label, value, copiedTitle }: { label: string; value: string; copiedTitle: string }) {
  const toast = useToast();
  return (
    <div>
      <p className="mb-1 font-medium text-sm">{label}</p>
      <div className="join w-full">
        <input className="input join-item w-full font-mono text-sm" value={value} readOnly aria-label={label} onFocus={(e) => e.target.select()} />
        <button
          type="button"
          className="btn join-item"
          aria-label={`Copiar ${label}`}
          onClick={async () => {
            const ok = await copyText(value);
            toast(ok ? { title: copiedTitle } : { variant: "destructive", title: "Não foi possível copiar" });
          }}
        >
          <Icon name="copy" className="size-4" />
          Copiar
        </button>
      </div>
    </div>
  );
}
