/** Types of build.mjs. */
export function buildReact19Host(): Promise<void>;
