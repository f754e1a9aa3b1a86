/** Types of scripts/chromium.mjs. */
export function chromiumExecutable(): string | undefined;
export const CHROMIUM_ARGS: string[];
export function chromiumLaunchOptions(): { executablePath: string | undefined; args: string[] };
