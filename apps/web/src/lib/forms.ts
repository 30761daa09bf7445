import { schemaResolver, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { messages } from '@vigil/contracts';
import type { ApiError } from './api-error';
import { notifyError } from './notify';
import { translateMessage } from './messages';

type Check<V> = (values: V) => FormErrors;

/**
 * A form validator: the contracts schema first (the server's own rules and messages), then
 * the form's own checks for fields the schema left without an error.
 */
export function validateWith<V>(
  schema: Parameters<typeof schemaResolver>[0],
  ...checks: Check<V>[]
): Check<V> {
  const bySchema = schemaResolver(schema, { sync: true });
  return (values) => {
    const errors: FormErrors = bySchema(values);
    for (const check of checks) {
      for (const [field, error] of Object.entries(check(values))) errors[field] ??= error;
    }
    return errors;
  };
}

/** 'passwords must match' under the confirmation field. */
export const passwordsMatch = (values: {
  password: string;
  confirmPassword: string;
}): FormErrors =>
  values.password === values.confirmPassword
    ? {}
    : { confirmPassword: messages.passwordsMustMatch };

/** A form error (a contracts catalogue text) in the interface language. */
export function errorText(error: unknown): string | undefined {
  return typeof error === 'string' && error ? translateMessage(error) : undefined;
}

/**
 * Input props whose validation message is shown in the interface language. Messages stay
 * English in the form state, so a language switch re-translates them.
 */
export function inputProps<V extends Record<string, unknown>>(
  form: UseFormReturnType<V>,
  path: string,
  options?: { type?: 'input' | 'checkbox' },
) {
  const props = form.getInputProps(path, options);
  return { ...props, error: errorText(props.error) };
}

/** A server failure on a form: inline under its field when the form has it, else a toast. */
export function showServerError<V extends Record<string, unknown>>(
  form: UseFormReturnType<V>,
  error: ApiError,
): void {
  if (error.field && Object.hasOwn(form.getValues(), error.field)) {
    form.setFieldError(error.field, error.message);
  } else {
    notifyError(error.translated);
  }
}

interface PhoneValues extends Record<string, unknown> {
  countryCode: string;
  phoneNumber: string;
}

/** Props for the shared country code + phone number pair, bound to a form. */
export function phoneFieldsProps<V extends PhoneValues>(form: UseFormReturnType<V>) {
  const values = form.getValues();
  const set = (field: 'countryCode' | 'phoneNumber') => (value: string) => {
    form.setValues({ [field]: value } as Partial<V>);
    form.clearFieldError(field);
  };
  return {
    countryCode: {
      value: values.countryCode,
      onChange: set('countryCode'),
      error: errorText(form.errors.countryCode),
    },
    phoneNumber: {
      value: values.phoneNumber,
      onChange: set('phoneNumber'),
      error: errorText(form.errors.phoneNumber),
    },
  };
}
