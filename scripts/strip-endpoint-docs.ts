import { type Plugin, parseAst } from 'vite';

/** What the API reference reads and the browser never does (shared/api/endpoint.ts). */
const DOC_KEYS = new Set(['tag', 'summary', 'description', 'errors']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/**
 * The objects passed to `endpoint(...)` in `code`, rewritten without their documentation keys.
 * Only plain properties are dropped; anything unusual (a spread, a computed key) keeps the object
 * as it is, which costs bytes but never behaviour.
 */
export function stripEndpointDocs(code: string): string {
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: Node) => {
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node & { name?: string };
      const [argument] = node.arguments as Node[];
      if (
        callee.type === 'Identifier' &&
        callee.name === 'endpoint' &&
        argument?.type === 'ObjectExpression'
      ) {
        const properties = argument.properties as (Node & {
          key?: Node & { name?: string };
          computed?: boolean;
        })[];
        const plain = properties.every(
          (property) =>
            property.type === 'Property' && !property.computed && property.key?.type === 'Identifier',
        );
        if (plain) {
          const kept = properties.filter((property) => !DOC_KEYS.has(property.key!.name!));
          if (kept.length < properties.length) {
            const text = `{${kept.map((property) => code.slice(property.start, property.end)).join(',')}}`;
            edits.push({ start: argument.start, end: argument.end, text });
          }
          return;
        }
      }
    }
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
    }
  };
  visit(parseAst(code) as unknown as Node);
  let result = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}

/**
 * Endpoint descriptors carry their wording for the API reference, which only the server reads:
 * the browser build drops it, so each endpoint costs its method and path in the first load, not
 * its documentation (e2e/budget.spec.ts). The server and its renderer keep the descriptors whole.
 */
export function stripEndpointDocsPlugin(): Plugin {
  return {
    name: 'strip-endpoint-docs',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    transform(code, id) {
      if (!/\/shared\/api\/(?!.*\.schemas\.)[^/]+\.ts$/.test(id)) return undefined;
      return { code: stripEndpointDocs(code), map: null };
    },
  };
}
