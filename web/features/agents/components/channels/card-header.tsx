import { Icon, type IconName } from "../../../../components/ui/icons";

type Props = {
  icon: IconName;
  iconClass?: string;
  title: string;
  description: string;
  /** The card's state badge ("Conectado", "Aguardando QR code"…), exposed as `<testId>`. */
  status: { label: string; tone: "success" | "warning" | "ghost" };
  testId: string;
  /** SPEC §3: every channel config has a configured flag; shown once a connection exists. */
  configured?: boolean;
};

const TONE = { success: "badge-success badge-soft", warning: "badge-warning badge-soft", ghost: "badge-ghost" };

export function ChannelCardHeader({ icon, iconClass = "text-primary", title, description, status, testId, configured }: Props) {
  return (
    <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 flex-1">
        <h3 className="flex items-center gap-2 font-semibold">
          <Icon name={icon} className={`size-5 ${iconClass}`} />
          {title}
        </h3>
        <p className="text-base-content/60 text-sm">{description}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {configured !== undefined && (
          <span data-testid={`${testId}-configured`} className={`badge badge-outline badge-sm ${configured ? "" : "badge-warning"}`}>
            {configured ? "Configurado" : "Configuração incompleta"}
          </span>
        )}
        <span data-testid={testId} className={`badge ${TONE[status.tone]}`}>
          {status.label}
        </span>
      </div>
    </header>
  );
}
