import { Spinner } from "../../../components/ui/spinner";
import { useLoggingOut } from "../hooks/use-logout";

export function LogoutOverlay() {
  const active = useLoggingOut();
  if (!active) return null;
  return (
    <div className="fixed inset-0 z-[200] flex items-center justify-center bg-base-100/90 backdrop-blur-sm">
      <div className="flex flex-col items-center gap-3 text-lg">
        <Spinner size="lg" />
        <p className="font-medium">Saindo...</p>
      </div>
    </div>
  );
}
