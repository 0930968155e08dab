import { Icon } from "../../../components/ui/icons";

/** Shown while a file is dragged over the chat (§2). */
export function DropOverlay() {
  return (
    <div className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-primary/10 p-6 backdrop-blur-[2px]">
      <div className="flex flex-col items-center gap-2 rounded-box border-2 border-primary border-dashed bg-base-100 px-12 py-10 text-center shadow-xl">
        <Icon name="image" className="size-10 text-primary" />
        <p className="font-semibold text-lg">Solte sua imagem aqui</p>
        <p className="text-base-content/60 text-sm">PNG, JPG, GIF até 10MB</p>
      </div>
    </div>
  );
}
