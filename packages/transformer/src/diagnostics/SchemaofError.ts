/**
 * Our diagnostics as an exception, for hosts that have no other way to hear them (a loader, a
 * compiler host that gives a transformer no `addDiagnostic`): the message is the whole story, in
 * tsc's format, so the stack into schemaof is left out.
 */
export class SchemaofError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SchemaofError";
    this.stack = `${this.name}: ${message}`;
  }
}
