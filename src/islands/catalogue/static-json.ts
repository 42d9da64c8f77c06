const requests = new Map<string, Promise<unknown>>();

/**
 * A JSON file of the built site, fetched once per page and shared by every caller; a failed fetch is
 * forgotten so that a retry asks again.
 */
export function staticJson<T>(url: string): Promise<T> {
  let request = requests.get(url);
  if (!request) {
    request = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url}: ${r.status}`);
      return r.json() as Promise<unknown>;
    });
    request.catch(() => requests.delete(url));
    requests.set(url, request);
  }
  return request as Promise<T>;
}
