import { describe, expect, it } from 'vitest';
import { stripEndpointDocs } from './strip-endpoint-docs.js';

describe('the browser build of endpoint descriptors', () => {
  it('keeps method, path, access and status, and drops the wording', () => {
    const code = `import { endpoint } from './endpoint.js';
const tag = 'Accounts';
export const login = endpoint({ method: 'POST', path: '/api/user/login', access: 'public', tag, summary: 'Sign in', description: 'It’s long ' + 'text', status: 201, errors: [400, 401] });`;
    const stripped = stripEndpointDocs(code);
    expect(stripped).toContain(
      "endpoint({method: 'POST',path: '/api/user/login',access: 'public',status: 201})",
    );
    expect(stripped).not.toContain('Sign in');
    expect(stripped).not.toContain('long');
  });

  it('leaves an object it cannot read plainly as it is', () => {
    const code = `export const a = endpoint({ ...base, summary: 'kept' });`;
    expect(stripEndpointDocs(code)).toBe(code);
  });
});
