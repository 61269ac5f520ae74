import type { UploadKind } from "~/schemas/uploads";

/**
 * A failed upload: `title` and `description` as a toast shows them, the
 * message "Title: description". `code` is the server's refusal code
 * (app/schemas/uploads.ts) when the file itself was refused, so callers
 * decide on it, never on the text.
 */
export class UploadError extends Error {
  constructor(
    readonly title: string,
    readonly description: string,
    readonly code: string | null = null,
  ) {
    super(`${title}: ${description}`);
  }
}

/** An upload that failed for no fault of the file (no connection, server trouble). */
const failed = () => new UploadError("Upload Failed", "Failed to upload file. Please try again.");

/**
 * The signed upload flow in the browser: ask for a signed upload URL
 * of this kind, PUT the file to it with XMLHttpRequest (fetch reports no
 * upload progress), then convert it to the URL the file is served from.
 * Errors are UploadErrors carrying the server's "Title: message"
 * (e.g. "File Too Large: ...") and refusal code.
 */
export async function uploadFile(
  kind: UploadKind,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ accessURL: string; previewUrl: string | null }> {
  const grant = await fetch(`/api/objects/upload?kind=${kind}`, { method: "POST" });
  if (!grant.ok) throw new UploadError("Upload Failed", "Failed to get upload URL");
  const { uploadURL } = (await grant.json()) as { uploadURL: string };
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", uploadURL);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 300) return resolve();
      try {
        const body = JSON.parse(xhr.responseText) as { message?: string; title?: string; code?: string };
        reject(body.message ? new UploadError(body.title ?? "Upload Failed", body.message, body.code ?? null) : failed());
      } catch {
        reject(failed());
      }
    };
    xhr.onerror = () => reject(failed());
    xhr.send(file);
  });
  const converted = await fetch("/api/objects/convert-url", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ uploadURL }),
  });
  // When convert-url fails, the raw upload URL is used.
  if (!converted.ok) return { accessURL: uploadURL, previewUrl: null };
  const body = (await converted.json()) as { accessURL: string; previewUrl?: string | null };
  return { accessURL: body.accessURL, previewUrl: body.previewUrl ?? null };
}
