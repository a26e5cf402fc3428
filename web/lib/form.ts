import {
  type FocusEvent,
  type FormEvent,
  type RefObject,
  useCallback,
  useMemo,
  useRef,
  useState,
} from 'react';
import type * as z from 'zod/mini';
import { toast } from './toast';

/**
 * Forms validated by the shared zod schemas, with the part of react-hook-form's API our forms use
 * (`register`, `handleSubmit`, `formState.errors`, `setError`, `reset`, `setValue`, `watch`,
 * `setFocus`, `zodResolver`), so a form reads exactly like one written with it.
 *
 * Why not react-hook-form itself: it costs about 10 KB of the 100 KB first-load budget on every
 * page with a form (docs/decisions/006-first-load-budget.md). What remains is small: inputs stay
 * uncontrolled (read from the DOM on validation, like react-hook-form), messages appear once a
 * field is touched ('onTouched') and then follow every keystroke, and submit validates everything
 * and focuses the first field in error.
 */
export type FieldValues = Record<string, unknown>;
export type Path<T> = keyof T & string;
export type FieldError = { type?: string; message?: string };
export type FieldErrors<T extends FieldValues = FieldValues> = Partial<Record<Path<T>, FieldError>>;
export type UseFormSetError<T extends FieldValues> = (
  name: Path<T>,
  error: FieldError,
  options?: { shouldFocus?: boolean },
) => void;

type ResolverResult<TOutput> =
  | { values: TOutput; errors: Record<string, never> }
  | { values: Record<string, never>; errors: FieldErrors };
export type Resolver<TInput extends FieldValues, TOutput> = (values: TInput) => ResolverResult<TOutput>;

/**
 * The schema's first message per field, as the form shows one message under each field. Through
 * the schema's own `~standard` validator, so this module costs no zod: a form whose schema loads
 * later (lazyRules) does not bring zod with the page.
 */
export function zodResolver<S extends z.core.$ZodType>(
  schema: S,
): Resolver<z.input<S> & FieldValues, z.output<S>> {
  return (values) => {
    const result = schema['~standard'].validate(values);
    if (result instanceof Promise) throw new Error('form schemas must be synchronous');
    if (!result.issues) return { values: result.value as z.output<S>, errors: {} };
    const errors: FieldErrors = {};
    for (const issue of result.issues as readonly z.core.$ZodIssue[]) {
      const name = String(issue.path?.[0] ?? 'root');
      errors[name] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}

/**
 * A form's rules that load when the form is first used (a field focused, or the form sent)
 * instead of with the page: a schema brings most of zod, about 9 KB gzipped, and the form pages'
 * first load is close to its budget (docs/decisions/006-first-load-budget.md). Until they are in
 * nothing is judged; a field left before then is judged when they arrive, and sending waits.
 */
export type LazyRules<TInput extends FieldValues, TOutput> = {
  /** The rules, once loaded. */
  current?: Resolver<TInput, TOutput>;
  /** Loads them (once; again after a failure) and resolves when they are in. */
  ready: () => Promise<Resolver<TInput, TOutput>>;
};

export function lazyRules<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, TOutput>>,
): LazyRules<TInput, TOutput> {
  let loading: Promise<Resolver<TInput, TOutput>> | undefined;
  const rules: LazyRules<TInput, TOutput> = {
    ready: () => {
      loading ??= load().then(
        (resolver) => (rules.current = resolver),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
  return rules;
}

/** When a form's rules could not be fetched (offline). */
const RULES_NOT_LOADED = 'Something went wrong! Please check your connection and try again.';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field's value as the DOM holds it: text, the checked radio, or a checkbox's state. */
function readField(elements: FieldElement[]): unknown {
  const first = elements[0];
  if (!first) return undefined;
  if (first instanceof HTMLInputElement && first.type === 'radio') {
    return (elements as HTMLInputElement[]).find((element) => element.checked)?.value ?? null;
  }
  if (first instanceof HTMLInputElement && first.type === 'checkbox') {
    return elements.length > 1
      ? (elements as HTMLInputElement[]).filter((element) => element.checked).map((element) => element.value)
      : first.checked;
  }
  return first.value;
}

function writeField(elements: FieldElement[], value: unknown) {
  for (const element of elements) {
    if (element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox')) {
      element.checked = Array.isArray(value)
        ? value.includes(element.value)
        : element.type === 'radio'
          ? element.value === String(value)
          : Boolean(value);
    } else {
      element.value = value === undefined || value === null ? '' : String(value);
    }
  }
}

/** Reading the form's fields from the DOM, and focusing one: what needs only the elements and defaults. */
function useFieldReaders<TInput extends FieldValues>(
  defaults: RefObject<TInput>,
  elements: RefObject<Map<Path<TInput>, FieldElement[]>>,
) {
  const getValues = useCallback((): TInput => {
    const values = { ...defaults.current } as Record<string, unknown>;
    for (const [name, list] of elements.current) {
      const connected = list.filter((element) => element.isConnected);
      if (connected.length) values[name] = readField(connected);
    }
    return values as TInput;
  }, [defaults, elements]);

  const setFocus = useCallback(
    (name: Path<TInput>) => {
      elements.current
        .get(name)
        ?.find((element) => element.isConnected)
        ?.focus();
    },
    [elements],
  );

  const watch = useCallback(
    <N extends Path<TInput>>(name: N): TInput[N] => {
      const list = elements.current.get(name)?.filter((element) => element.isConnected) ?? [];
      return (list.length ? readField(list) : defaults.current[name]) as TInput[N];
    },
    [defaults, elements],
  );
  return { getValues, setFocus, watch };
}

export function useForm<TInput extends FieldValues, _TContext = unknown, TOutput = TInput>(options: {
  resolver: Resolver<TInput, TOutput> | LazyRules<TInput, TOutput>;
  defaultValues: TInput;
  /** Only 'onTouched' is implemented: the one mode the shop's forms use. */
  mode?: 'onTouched';
}) {
  const rules = options.resolver;
  const resolver = useCallback<Resolver<TInput, TOutput>>(
    (values) => {
      const current = typeof rules === 'function' ? rules : rules.current;
      return current ? current(values) : { values: {}, errors: {} };
    },
    [rules],
  );
  const defaults = useRef(options.defaultValues);
  const elements = useRef(new Map<Path<TInput>, FieldElement[]>());
  const touched = useRef(new Set<string>());
  const { getValues, setFocus, watch } = useFieldReaders(defaults, elements);
  const [errors, setErrors] = useState<FieldErrors<TInput>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [isSubmitted, setSubmitted] = useState(false);
  const [, setVersion] = useState(0);

  /** Re-validates one field and shows or clears its message. */
  const validateField = useCallback(
    (name: Path<TInput>) => {
      const result = resolver(getValues());
      setErrors((current) => {
        const next = { ...current };
        const error = (result.errors as FieldErrors<TInput>)[name];
        if (error) next[name] = error;
        else delete next[name];
        return next;
      });
    },
    [resolver, getValues],
  );

  /** Lazy rules: loads them, then judges the fields left meanwhile. */
  const prepare = useCallback(async () => {
    if (typeof rules === 'function' || rules.current) return;
    await rules.ready();
    for (const name of touched.current) validateField(name as Path<TInput>);
  }, [rules, validateField]);

  const register = useCallback(
    (name: Path<TInput>) => ({
      name,
      ref: (element: FieldElement | null) => {
        if (!element) return;
        const list = (elements.current.get(name) ?? []).filter((known) => known.isConnected);
        if (!list.includes(element)) {
          list.push(element);
          elements.current.set(name, list);
          // A new element starts with the field's value (the default, or what was set meanwhile).
          const value = defaults.current[name];
          if (value !== undefined) writeField([element], value);
        }
      },
      onFocus: () => void prepare().catch(() => {}),
      onBlur: (_event: FocusEvent) => {
        touched.current.add(name);
        validateField(name);
      },
      onChange: () => {
        if (touched.current.has(name) || isSubmitted) validateField(name);
        setVersion((version) => version + 1);
      },
    }),
    [validateField, isSubmitted, prepare],
  );

  const setError = useCallback<UseFormSetError<TInput>>((name, error, opts) => {
    setErrors((current) => ({ ...current, [name]: error }));
    if (opts?.shouldFocus) elements.current.get(name)?.[0]?.focus();
  }, []);

  const setValue = useCallback(
    (name: Path<TInput>, value: unknown, opts?: { shouldValidate?: boolean }) => {
      defaults.current = { ...defaults.current, [name]: value };
      writeField(elements.current.get(name) ?? [], value);
      if (opts?.shouldValidate) validateField(name);
      setVersion((version) => version + 1);
    },
    [validateField],
  );

  const reset = useCallback((values?: TInput) => {
    if (values) defaults.current = values;
    for (const [name, list] of elements.current) writeField(list, defaults.current[name]);
    touched.current.clear();
    setErrors({});
    setSubmitted(false);
    setVersion((version) => version + 1);
  }, []);

  const handleSubmit = useCallback(
    (onValid: (values: TOutput) => unknown, onInvalid?: (errors: FieldErrors<TInput>) => unknown) =>
      async (event?: FormEvent) => {
        event?.preventDefault();
        try {
          await prepare();
        } catch {
          toast.error(RULES_NOT_LOADED, { autoClose: 6000 });
          return;
        }
        setSubmitted(true);
        const result = resolver(getValues());
        const found = result.errors as FieldErrors<TInput>;
        const names = Object.keys(found) as Path<TInput>[];
        setErrors(found);
        if (names.length) {
          // The first field in error in the form's order, as react-hook-form focuses it.
          const first = [...elements.current.keys()].find((name) => names.includes(name));
          if (first) setFocus(first);
          await onInvalid?.(found);
          return;
        }
        setSubmitting(true);
        try {
          await onValid(result.values as TOutput);
        } finally {
          setSubmitting(false);
        }
      },
    [resolver, getValues, setFocus, prepare],
  );

  const formState = useMemo(
    () => ({ errors, isSubmitting, isSubmitted }),
    [errors, isSubmitting, isSubmitted],
  );
  return { register, handleSubmit, setError, setFocus, setValue, getValues, reset, watch, formState };
}
