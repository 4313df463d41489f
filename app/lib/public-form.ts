/**
 * What the storefront's forms (booking, delivery, newsletter) share on top of @mantine/form
 * (docs/decisions/0148-the-public-forms-on-mantine-form-third-pass-2026-11-23.md):
 *
 * - `lazySchema`: the form's zod schema (a Standard Schema) loaded on first use, so no
 *   validation library is in a page's first load; the messages are the schema's, unchanged.
 * - `useSchemaForm`: an uncontrolled Mantine form validated with it on submit, then revalidated
 *   on change (storefront spec §5 "validated on submit, revalidated on change"), some fields
 *   also while typing (§5 checkout delivery form), with the first invalid field focused.
 */
import { type FormErrors, schemaResolver, type UseFormReturnType, useForm } from "@mantine/form";
import {
  type ChangeEvent,
  type FormEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
} from "react";
import type { ZodType } from "zod";

/** A schema that loads on first use: `validate` for Mantine, `parse` for the submitted values. */
export type LazySchema<Output> = {
  /** Mantine's `validate`: field path → message, `{}` when valid. */
  validate: (values: unknown) => Promise<FormErrors>;
  /** The schema's output for values that passed `validate` (defaults and transforms applied). */
  parse: (values: unknown) => Promise<Output>;
  /** Starts loading the schema (on the form's first focus), ignoring a failure until submit. */
  preload: () => void;
};

/** `load` imports the schema module; a failed import is retried on the next use. */
export function lazySchema<Output>(load: () => Promise<ZodType<Output>>): LazySchema<Output> {
  let loading: Promise<ZodType<Output>> | undefined;
  const get = () => {
    loading ??= load().catch((error) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    validate: async (values) => schemaResolver(await get())(values),
    parse: async (values) => (await get()).parse(values),
    preload: () => {
      void get().catch(() => {});
    },
  };
}

/**
 * Focuses the first control of `form`, in page order, whose field (`data-path`, set by Mantine's
 * getInputProps) has a message in `errors`.
 */
export function focusFirstError(form: HTMLFormElement | null, errors: FormErrors): void {
  for (const element of Array.from(form?.elements ?? [])) {
    const path = element instanceof HTMLElement ? element.dataset.path : undefined;
    if (path && errors[path]) {
      element instanceof HTMLElement && element.focus();
      return;
    }
  }
}

/**
 * An uncontrolled Mantine form over `initialValues`, validated by `schema`. Returns the form,
 * the `<form>` ref, and `field(path)`: the props to spread on the field's control (no `error`
 * prop: FormField shows the message); the control also takes `key={form.key(path)}`, which
 * re-mounts it when Mantine resets or sets its value (the control is uncontrolled). After the
 * first submit every change revalidates its field; `liveFields` are revalidated on change from
 * the start. `submit(handler)` is the form's onSubmit: the handler gets the schema's output; on
 * failure the first invalid field is focused. `reset(values?)` empties the form (or fills it with
 * `values`, which become its initial values) and makes it a form not yet submitted again, so a
 * fresh entry is not checked while typing. `showErrors(errors)` shows messages from elsewhere
 * (the server's) on their fields and focuses the first.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Output>({
  initialValues,
  schema,
  liveFields = [],
  formRef: sharedRef,
}: {
  initialValues: Values;
  schema: LazySchema<Output>;
  liveFields?: readonly (keyof Values & string)[];
  /** The `<form>` ref, when the page needs it too (else one is made). */
  formRef?: RefObject<HTMLFormElement | null>;
}) {
  const form = useForm<Values>({ mode: "uncontrolled", initialValues, validate: schema.validate });
  const ownRef = useRef<HTMLFormElement>(null);
  const formRef = sharedRef ?? ownRef;
  const submitted = useRef(false);
  useAdoptTypedValues(formRef, form);

  const field = (path: keyof Values & string, options?: { type?: "input" | "checkbox" }) => {
    const { error: _error, onChange, ...props } = form.getInputProps(path, options);
    return {
      ...props,
      onChange: (event: ChangeEvent<FieldElement>) => {
        onChange(event);
        if (submitted.current || liveFields.includes(path)) void form.validateField(path);
      },
    };
  };

  const submit = (handler: (values: Output) => unknown) => {
    const onSubmit = form.onSubmit(
      async (values) => handler(await schema.parse(values)),
      (errors) => focusFirstError(formRef.current, errors),
    );
    return (event: FormEvent<HTMLFormElement>) => {
      submitted.current = true;
      onSubmit(event);
    };
  };

  const { setInitialValues, reset: resetForm } = form;
  // Stable, so that an effect can list it (the booking form refills itself from the address).
  const reset = useCallback(
    (values?: Values) => {
      if (values) setInitialValues(values);
      resetForm();
      submitted.current = false;
    },
    [setInitialValues, resetForm],
  );

  const showErrors = (errors: FormErrors) => {
    form.setErrors(errors);
    focusFirstError(formRef.current, errors);
  };

  return { form, formRef, field, submit, reset, showErrors };
}

/**
 * What a visitor typed before the page's script hydrated the form is in the inputs but not in
 * Mantine's values (its change handlers were not attached yet): adopt it once, on mount, without
 * re-mounting the inputs (which would drop the focus of someone still typing).
 */
function useAdoptTypedValues<Values extends Record<string, unknown>>(
  formRef: RefObject<HTMLFormElement | null>,
  form: UseFormReturnType<Values>,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount.
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const values = form.getValues();
    for (const control of Array.from(element.elements)) {
      if (
        !(
          control instanceof HTMLInputElement ||
          control instanceof HTMLSelectElement ||
          control instanceof HTMLTextAreaElement
        )
      )
        continue;
      const path = control.dataset.path;
      if (!path || !(path in values)) continue;
      const typed =
        control instanceof HTMLInputElement && control.type === "checkbox"
          ? control.checked
          : control.value;
      if (typed !== values[path]) form.setFieldValue(path, typed as never, { forceUpdate: false });
    }
  }, []);
}

/**
 * `props` (from `field`) with `then(value)` also called on change, after the form's own handler.
 */
export function withChange<P extends { onChange: (event: ChangeEvent<FieldElement>) => void }>(
  props: P,
  then: (value: string) => void,
): P {
  return {
    ...props,
    onChange: (event: ChangeEvent<FieldElement>) => {
      props.onChange(event);
      then(event.currentTarget.value);
    },
  };
}

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
