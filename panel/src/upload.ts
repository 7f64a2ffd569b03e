/**
 * A `fetch` for openapi-fetch that sends through XMLHttpRequest, because fetch reports no upload
 * progress. The request is the one the typed client built (its URL, method, Bearer header and body);
 * only the transport differs.
 */
export function fetchWithUploadProgress(onProgress: (sent: number, total: number) => void) {
  return async (request: Request): Promise<Response> => {
    const body = await request.blob();
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => {
        xhr.setRequestHeader(name, value);
      });
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (event) =>
        onProgress(event.loaded, event.lengthComputable ? event.total : body.size);
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        resolve(
          new Response(xhr.response as Blob, { status: xhr.status, statusText: xhr.statusText, headers }),
        );
      };
      xhr.onerror = () => reject(new TypeError('The upload did not reach the management API.'));
      xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
      request.signal.addEventListener('abort', () => xhr.abort());
      xhr.send(body);
    });
  };
}

/** The content type an export is sent with: it only documents the file; aisle reads the bytes. */
export function exportContentType(file: File): string {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'text/csv';
  if (name.endsWith('.tsv') || name.endsWith('.tab')) return 'text/tab-separated-values';
  if (name.endsWith('.jsonl') || name.endsWith('.ndjson')) return 'application/x-ndjson';
  if (name.endsWith('.json')) return 'application/json';
  if (name.endsWith('.xml')) return 'application/xml';
  if (name.endsWith('.xlsx')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (name.endsWith('.gz')) return 'application/gzip';
  return 'application/octet-stream';
}
