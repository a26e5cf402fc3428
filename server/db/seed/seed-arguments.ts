/** Command-line options of `npm run db:seed`, kept apart from the CLI so they can be tested. */
/** A bad command line; `--help` is one too, but one that exits successfully. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

const usage = 'Usage: npm run db:seed [-- --products N]   (N: total number of products wanted)';
const MAX_PRODUCTS = 5_000_000;

export function parseSeedArguments(argv: string[]): { products?: number } {
  const result: { products?: number } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') throw new UsageError(usage, 0);
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    if (flag !== '--products') throw new UsageError(`Unknown option "${arg}". ${usage}`);
    const raw = inline ?? argv[++i];
    const products = Number(raw?.replace(/[_,]/g, ''));
    if (!raw || !Number.isInteger(products) || products < 1 || products > MAX_PRODUCTS) {
      throw new UsageError(
        `--products needs a whole number between 1 and ${MAX_PRODUCTS}, got "${raw ?? ''}".`,
      );
    }
    result.products = products;
  }
  return result;
}
