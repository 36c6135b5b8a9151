/**
 * The few W3C WebDriver commands the engine run needs, over `fetch`: new session, navigate,
 * execute script, key actions, windows (new, switch, close), delete session. Enough to drive WebKitGTK's `WebKitWebDriver`
 * without a client library.
 */

/** A WebDriver error response (`{ value: { error, message } }`) or a transport failure. */
export class WebDriverError extends Error {
  override name = 'WebDriverError';
  constructor(
    message: string,
    /** The W3C error code, e.g. `javascript error`, or `transport` when no answer came. */
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * Key values of the WebDriver key table for the named keys (plain text stands for itself).
 * Enter is the main keyboard's (`\uE006`, code `Enter`); `\uE007` would be the keypad's.
 */
export const webDriverKeys = {
  Tab: '\uE004',
  Enter: '\uE006',
  Escape: '\uE00C',
  Space: '\uE00D',
  End: '\uE010',
  Home: '\uE011',
  ArrowUp: '\uE013',
  ArrowDown: '\uE015',
} as const;

/** Options of {@link WebDriverSession.create}. */
export interface WebDriverSessionOptions {
  /** Base URL of the driver, e.g. `http://127.0.0.1:4444`. */
  driverUrl: string;
  /** Capabilities to match (`alwaysMatch`). */
  capabilities: Record<string, unknown>;
  /** Longest wait for any single command, in ms. Default 30 000. */
  commandTimeoutMs?: number;
}

async function call(
  url: string,
  method: 'GET' | 'POST' | 'DELETE',
  body: unknown,
  timeoutMs: number,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new WebDriverError(`${method} ${url}: ${(error as Error).message}`, 'transport');
  }
  const text = await response.text();
  let parsed: { value?: unknown };
  try {
    parsed = JSON.parse(text) as { value?: unknown };
  } catch {
    throw new WebDriverError(`${method} ${url}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`, 'transport');
  }
  const value = parsed.value as { error?: unknown; message?: unknown } | null | undefined;
  if (!response.ok || (value && typeof value === 'object' && typeof value.error === 'string')) {
    const code = typeof value?.error === 'string' ? value.error : `HTTP ${response.status}`;
    const message = typeof value?.message === 'string' ? value.message : text.slice(0, 200);
    throw new WebDriverError(`${method} ${url}: ${code}: ${message}`, code);
  }
  return parsed.value;
}

/** Resolves once the driver answers `GET /status` with `ready: true`. */
export async function waitForDriver(driverUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const status = (await call(`${driverUrl}/status`, 'GET', undefined, 2_000)) as {
        ready?: boolean;
        message?: string;
      };
      if (status.ready !== false) return;
      last = status.message ?? 'not ready';
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new WebDriverError(`WebDriver at ${driverUrl} not ready after ${timeoutMs} ms (${last})`, 'timeout');
}

/** One browser session of a W3C WebDriver. */
export class WebDriverSession {
  private constructor(
    private readonly base: string,
    private readonly timeoutMs: number,
    /** The capabilities the driver granted (`browserName`, `browserVersion`, …). */
    readonly capabilities: Record<string, unknown>,
  ) {}

  /** `POST /session`: starts the browser. */
  static async create(options: WebDriverSessionOptions): Promise<WebDriverSession> {
    const timeoutMs = options.commandTimeoutMs ?? 30_000;
    const value = (await call(
      `${options.driverUrl}/session`,
      'POST',
      { capabilities: { alwaysMatch: options.capabilities } },
      timeoutMs,
    )) as { sessionId: string; capabilities?: Record<string, unknown> };
    return new WebDriverSession(`${options.driverUrl}/session/${value.sessionId}`, timeoutMs, value.capabilities ?? {});
  }

  /** `POST /session/{id}/timeouts`. */
  async setTimeouts(timeouts: { pageLoad?: number; script?: number; implicit?: number }): Promise<void> {
    await call(`${this.base}/timeouts`, 'POST', timeouts, this.timeoutMs);
  }

  /** `POST /session/{id}/url`: navigates and waits for the load event. */
  async navigate(url: string): Promise<void> {
    await call(`${this.base}/url`, 'POST', { url }, this.timeoutMs);
  }

  /** `POST /session/{id}/window/rect`: sizes the browser window (its outer size). */
  async setWindowRect(rect: { width: number; height: number }): Promise<void> {
    await call(`${this.base}/window/rect`, 'POST', rect, this.timeoutMs);
  }

  /** `POST /session/{id}/execute/sync`: runs a function body; `arguments` holds `args`. */
  async execute(script: string, args: unknown[] = []): Promise<unknown> {
    return call(`${this.base}/execute/sync`, 'POST', { script, args }, this.timeoutMs);
  }

  /** `POST /session/{id}/actions`: presses and releases each key in turn (a string types each character). */
  async keys(keys: string): Promise<void> {
    const actions = [...keys].flatMap((value) => [
      { type: 'keyDown', value },
      { type: 'keyUp', value },
    ]);
    await call(`${this.base}/actions`, 'POST', { actions: [{ type: 'key', id: 'keyboard', actions }] }, this.timeoutMs);
  }

  /** `POST /session/{id}/window/new`: opens a new tab (or window) and returns its handle; the current one stays. */
  async newWindow(type: 'tab' | 'window' = 'tab'): Promise<string> {
    const value = (await call(`${this.base}/window/new`, 'POST', { type }, this.timeoutMs)) as { handle: string };
    return value.handle;
  }

  /** `GET /session/{id}/window`: the handle of the current window. */
  async windowHandle(): Promise<string> {
    return (await call(`${this.base}/window`, 'GET', undefined, this.timeoutMs)) as string;
  }

  /** `POST /session/{id}/window`: makes `handle` the current window (the one every command acts on). */
  async switchToWindow(handle: string): Promise<void> {
    await call(`${this.base}/window`, 'POST', { handle }, this.timeoutMs);
  }

  /** `DELETE /session/{id}/window`: closes the current window; the remaining handles. */
  async closeWindow(): Promise<string[]> {
    return (await call(`${this.base}/window`, 'DELETE', undefined, this.timeoutMs)) as string[];
  }

  /** `DELETE /session/{id}`: closes the browser. */
  async delete(): Promise<void> {
    await call(this.base, 'DELETE', undefined, Math.min(this.timeoutMs, 10_000));
  }
}
