export function buildReactHost(): Promise<void>;
