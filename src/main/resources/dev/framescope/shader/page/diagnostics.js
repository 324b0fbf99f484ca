// What the runtime's diagnostics ({pass, stage, severity, line, column, message}, the same the compile tool returns)
// say to a person reading them over the canvas: the file (relative to the effects root) with line and column, the
// message, and the line of source it points at.

/**
 * One diagnostic for the page. `files` holds each pass's program as the page fetched it: {path, source}, by pass.
 * Returns {where, path, severity, message, excerpt: {number, text, column} or null}; `path` is null when the diagnostic
 * belongs to no file (a pipeline failure, a missing backend).
 */
export function describeDiagnostic(diagnostic, files) {
  const file = diagnostic.pass === undefined || diagnostic.pass === null ? null : files[diagnostic.pass] ?? null;
  const line = diagnostic.line ?? null;
  let where = file ? file.path : (diagnostic.stage ?? 'effect');
  if (file && line !== null) where += `:${line}${diagnostic.column ? `:${diagnostic.column}` : ''}`;
  // A fragment shader's compile errors and a WGSL module's are the usual case; name any other stage (link, vertex).
  if (file && diagnostic.stage && !['fragment', 'module'].includes(diagnostic.stage)) where += ` (${diagnostic.stage})`;
  const text = file && line !== null ? file.source.split('\n')[line - 1] : undefined;
  return {
    where,
    path: file ? file.path : null,
    severity: diagnostic.severity ?? 'error',
    message: diagnostic.message,
    excerpt: text === undefined ? null : { number: line, text, column: diagnostic.column ?? null },
  };
}

/** The heading over a failed backend's canvas: "2 errors in GLSL", "Pipeline error". */
export function failureTitle(diagnostics, language) {
  const errors = diagnostics.filter(d => (d.severity ?? 'error') === 'error').length || diagnostics.length;
  if (diagnostics.every(d => d.stage === 'pipeline')) {
    return errors === 1 ? 'Pipeline error' : `${errors} pipeline errors`;
  }
  return `${errors} ${errors === 1 ? 'error' : 'errors'} in ${language.toUpperCase()}`;
}
