import { useCallback, useState } from "react";
import { MAX_IMAGE_BYTES } from "../../../../src/schemas/public-chat-limits";

export const IMAGE_ONLY = "Apenas imagens são aceitas";
/** Same words as the server's refusal, so the visitor reads one message whichever side catches it. */
export const IMAGE_TOO_LARGE = "A imagem deve ter no máximo 10MB";

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => (typeof r.result === "string" ? resolve(r.result) : reject(new Error("leitura")));
    r.onerror = () => reject(r.error ?? new Error("leitura"));
    r.readAsDataURL(file);
  });

/** The pending image of the next message: image/* only, at most 10 MB (checked here and on the server). */
export function useAttachments() {
  const [image, setImage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const pick = useCallback(async (file: File) => {
    if (!file.type.startsWith("image/")) {
      setError(IMAGE_ONLY);
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setError(IMAGE_TOO_LARGE);
      return;
    }
    try {
      setImage(await readDataUrl(file));
      setError(null);
    } catch {
      setError("Não foi possível ler a imagem.");
    }
  }, []);

  const clear = useCallback(() => {
    setImage(null);
    setError(null);
  }, []);

  return { image, error, pick, clear };
}
