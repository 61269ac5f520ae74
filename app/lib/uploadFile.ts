/** The UI's message for a failed upload (SPEC.md section 8). */
export const UPLOAD_FAILED = "Upload Failed: Failed to upload file. Please try again.";

/**
 * SPEC.md section 7 upload flow in the browser: ask for a signed upload URL
 * of this kind, PUT the file to it with XMLHttpRequest (fetch reports no
 * upload progress), then convert it to the URL the file is served from.
 * Errors carry the server's "Title: message" (e.g. "File Too Large: ...").
 */
export async function uploadFile(
  kind: "showbill" | "avatar" | "video",
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ accessURL: string; previewUrl: string | null }> {
  const grant = await fetch(`/api/objects/upload?kind=${kind}`, { method: "POST" });
  if (!grant.ok) throw new Error("Failed to get upload URL");
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
        const body = JSON.parse(xhr.responseText) as { message?: string; title?: string };
        reject(new Error(body.title ? `${body.title}: ${body.message}` : (body.message ?? UPLOAD_FAILED)));
      } catch {
        reject(new Error(UPLOAD_FAILED));
      }
    };
    xhr.onerror = () => reject(new Error(UPLOAD_FAILED));
    xhr.send(file);
  });
  const converted = await fetch("/api/objects/convert-url", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ uploadURL }),
  });
  // SPEC.md section 7: when convert-url fails, the raw upload URL is used.
  if (!converted.ok) return { accessURL: uploadURL, previewUrl: null };
  const body = (await converted.json()) as { accessURL: string; previewUrl?: string | null };
  return { accessURL: body.accessURL, previewUrl: body.previewUrl ?? null };
}
