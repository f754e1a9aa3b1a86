/** Types of build.mjs. */
export function buildReactHost(options?: {
  outdir?: string;
  workingDir?: string;
  alias?: Record<string, string>;
}): Promise<void>;
