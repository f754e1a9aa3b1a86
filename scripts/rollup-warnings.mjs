// Which rollup warnings the build drops: only ones known to be harmless, each by its code and
// source, so any other warning (of the same code elsewhere too) is still printed.

/**
 * The build's `onwarn`. Drops React's and emotion's "use client" directives (meaningless in a
 * bundle) and the comment of @scure/base that quotes a pure annotation (`// ... /* @__PURE__ *\/
 * freeze(...)` in prose): rollup cannot place it and removes it, which changes nothing, but said so
 * once per configuration that bundles the module.
 */
export function onwarn(warning, warn) {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  if (
    warning.code === 'INVALID_ANNOTATION' &&
    /[/\\]node_modules[/\\]@scure[/\\]base[/\\]/.test(warning.id ?? '')
  )
    return;
  warn(warning);
}
