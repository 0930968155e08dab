import { Icon, type IconName } from "../../../components/ui/icons";
import { CHANNEL_LABEL } from "../format";

const LOOK: Record<string, { icon: IconName; cls: string }> = {
  whatsapp: { icon: "message", cls: "bg-success/15 text-success" },
  telegram: { icon: "send", cls: "bg-info/15 text-info" },
  instagram: { icon: "image", cls: "bg-secondary/15 text-secondary" },
  web: { icon: "globe", cls: "bg-primary/15 text-primary" },
};

/** The channel as a small tinted icon (its name for screen readers and on hover), or as a labelled badge. */
export function ChannelBadge({ channel, withLabel = false }: { channel: string; withLabel?: boolean }) {
  const look = LOOK[channel] ?? { icon: "chat" as const, cls: "bg-base-300 text-base-content/70" };
  const label = CHANNEL_LABEL[channel] ?? channel;
  if (withLabel) {
    return (
      <span className={`badge badge-sm gap-1 border-0 ${look.cls}`}>
        <Icon name={look.icon} className="size-3.5" />
        {label}
      </span>
    );
  }
  return (
    <span className={`inline-flex size-6 shrink-0 items-center justify-center rounded-full ${look.cls}`} title={label}>
      <Icon name={look.icon} className="size-3.5" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
