import { type ChangeEvent, useState } from 'react';

type FieldErrors<Form> = Partial<Record<keyof Form & string, string>>;

/** The values and field errors of a small form; editing a field clears its error. */
export function useFormState<Form extends Record<string, string>>(initial: Form) {
  const [values, setValues] = useState<Form>(initial);
  const [errors, setErrors] = useState<FieldErrors<Form>>({});

  function set(name: keyof Form & string, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }

  /** The props a TextField needs for one field. */
  function bind(name: keyof Form & string) {
    return {
      name,
      value: values[name],
      error: errors[name],
      required: true,
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
    };
  }

  return { values, errors, setErrors, set, bind };
}
