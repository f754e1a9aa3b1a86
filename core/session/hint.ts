/**
 * The "has a session" hint: a localStorage flag per API base URL, set when a session is established
 * in this browser and cleared when it ends. It is no secret and proves nothing (the refresh cookie
 * does): it only tells a sign-in page whether to wait for the session check before drawing the form.
 * - true: a session was seen here; the form waits for the check, as before (no flash of the form).
 * - false: none seen; the form draws at once and the check runs behind it.
 * - undefined: storage is unavailable (sandboxed frames, privacy modes); the form waits, as before.
 */
const key = (baseUrl: string) => `auth-elements.session@${baseUrl}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readSessionHint(baseUrl: string): boolean | undefined {
  try {
    const store = storage();
    return store ? store.getItem(key(baseUrl)) === '1' : undefined;
  } catch {
    return undefined;
  }
}

export function writeSessionHint(baseUrl: string, hasSession: boolean): void {
  try {
    if (hasSession) storage()?.setItem(key(baseUrl), '1');
    else storage()?.removeItem(key(baseUrl));
  } catch {
    /* storage full or refused: the form then waits for the check, as before */
  }
}

/**
 * Resolves after the next frame has been painted (a background tab, which paints nothing, after
 * 200 ms): what the sign-in form does not need waits until the form is on screen.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 200);
  });
}
