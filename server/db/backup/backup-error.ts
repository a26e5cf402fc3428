/**
 * A backup or restore that cannot go on, with a message that says what to do about it; the CLIs
 * print it as one line and exit 1, never with a stack trace.
 */
export class BackupError extends Error {}
