/** A bench's `--name value` pairs from its command line (`npm run bench:x -- --shoppers 40`). */
export function benchArgs(argv: string[] = process.argv): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 2; i < argv.length; i += 2) args.set(argv[i]!.replace(/^--/, ''), argv[i + 1] ?? '');
  return args;
}
