/**
 * A 400's field errors as a form names its fields: the server names a nested field by its path
 * (`shippingInfo.city`, `address.city`); the form has only `city`.
 */
export function fieldErrorsUnder(
  fields: Record<string, string> | undefined,
  prefix: string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields ?? {}).map(([key, message]) => [
      key.startsWith(`${prefix}.`) ? key.slice(prefix.length + 1) : key,
      message,
    ]),
  );
}
