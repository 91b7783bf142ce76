import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import type { Form, FormField } from '../../src/api/schemas/pages.ts';
import { useActions } from '../actions.ts';

const fieldId = (form: Form, name: string) => `form-${form.id}-${name}`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Check the form's rules in the browser before sending: the same rules the API applies. */
export function validateForm(form: Form, data: FormData): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    if (field.type === 'paragraph') continue;
    const values = data.getAll(field.name).filter((v) => (typeof v === 'string' ? v.trim() !== '' : v.size > 0));
    if (field.required && values.length === 0) {
      errors[field.name] = `${field.label} is required.`;
      continue;
    }
    for (const value of values) {
      if (typeof value !== 'string') {
        if (field.accept.length && !field.accept.includes(value.type))
          errors[field.name] =
            `${field.label} must be one of: ${field.accept.map((t) => t.split('/')[1]?.toUpperCase()).join(', ')}.`;
        else if (field.max_size_bytes && value.size > field.max_size_bytes)
          errors[field.name] = `${field.label} must be ${Math.round(field.max_size_bytes / 1048576)} MB or smaller.`;
      } else if (field.max_length && value.length > field.max_length)
        errors[field.name] = `${field.label} must be ${field.max_length} characters or fewer.`;
      else if (field.input_type === 'email' && !EMAIL.test(value))
        errors[field.name] = `${field.label} must be a valid email address.`;
    }
    if (field.type === 'file' && field.max_files && values.length > field.max_files)
      errors[field.name] = `${field.label}: at most ${field.max_files} files.`;
  }
  return errors;
}

function Field({ form, field, error }: { form: Form; field: FormField; error?: string }) {
  const id = fieldId(form, field.name);
  const describedBy =
    [field.help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  const label = (
    <>
      {field.label}
      {field.required ? (
        <span className="required" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </>
  );
  const help = field.help ? (
    <p className="help" id={`${id}-help`}>
      {field.help}
    </p>
  ) : null;
  const message = error ? (
    <p className="field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
  if (field.type === 'paragraph')
    return <div className="form-paragraph" dangerouslySetInnerHTML={{ __html: field.html ?? '' }} />;
  if (field.type === 'checkboxes') {
    return (
      <fieldset className="field" aria-describedby={describedBy}>
        <legend>{label}</legend>
        {field.options.map((o) => (
          <label key={o.value} className="check">
            <input type="checkbox" name={field.name} value={o.value} /> {o.label}
          </label>
        ))}
        {help}
        {message}
      </fieldset>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {field.type === 'textarea' ? (
        <textarea
          {...common}
          rows={6}
          maxLength={field.max_length ?? undefined}
          placeholder={field.placeholder ?? undefined}
        />
      ) : field.type === 'select' ? (
        <select {...common} defaultValue="">
          <option value="" disabled>
            Choose…
          </option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : field.type === 'file' ? (
        <input
          {...common}
          type="file"
          accept={field.accept.join(',') || undefined}
          multiple={(field.max_files ?? 1) > 1}
        />
      ) : (
        <input
          {...common}
          type={field.input_type ?? 'text'}
          maxLength={field.max_length ?? undefined}
          placeholder={field.placeholder ?? undefined}
          autoComplete={field.input_type === 'email' ? 'email' : field.input_type === 'tel' ? 'tel' : undefined}
        />
      )}
      {help}
      {message}
    </div>
  );
}

/** The field's own control (a group of checkboxes: its first box), to focus from the error summary. */
function focusField(form: Form, name: string): void {
  const control =
    document.getElementById(fieldId(form, name)) ??
    document.querySelector<HTMLElement>(`#form-${form.id} [name="${CSS.escape(name)}"]`);
  control?.focus();
  control?.scrollIntoView({ block: 'center' });
}

/**
 * What went wrong, GOV.UK's error summary: the message, then each field's error as a link that focuses the field.
 * Errors the server gives for a name the form does not have are listed as text.
 */
function ErrorSummary({ form, message, errors }: { form: Form; message: string; errors: Record<string, string> }) {
  const names = new Set(form.fields.map((f) => f.name));
  const entries = Object.entries(errors);
  const follow = (name: string) => (event: MouseEvent) => {
    event.preventDefault();
    focusField(form, name);
  };
  return (
    <>
      <p className="form-error">{message}</p>
      {entries.length ? (
        <ul className="error-list">
          {entries.map(([name, error]) => (
            <li key={name}>
              {names.has(name) ? (
                <a href={`#${fieldId(form, name)}`} onClick={follow(name)}>
                  {error}
                </a>
              ) : (
                error
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

type Status = { kind: 'idle' | 'sending' | 'done' | 'failed'; message?: string; focus?: 'message' | 'field' };

/**
 * A CMS form with every field type, browser-side validation and accessible messages. What is typed stays on failure.
 * The browser's own check focuses the first field it flags; after the server answers (or does not), focus moves to
 * the answer, the success message or the error summary, so a screen reader reads it and Tab goes on from there.
 */
export function FormBlock({ form, action }: { form: Form; action: string }) {
  const actions = useActions();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const summary = useRef<HTMLDivElement>(null);
  const success = useRef<HTMLDivElement>(null);
  // One submission at a time: the button stays focusable while sending (a disabled one drops focus to the page).
  const sending = useRef(false);
  useEffect(() => {
    if (status.focus !== 'message') return;
    (status.kind === 'done' ? success : summary).current?.focus();
  }, [status]);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (!actions) return; // not hydrated: the browser posts the form itself
    event.preventDefault();
    if (sending.current) return;
    const data = new FormData(event.currentTarget);
    const found = validateForm(form, data);
    setErrors(found);
    if (Object.keys(found).length) {
      setStatus({ kind: 'failed', message: 'Please correct the highlighted fields.', focus: 'field' });
      focusField(form, Object.keys(found)[0]!);
      return;
    }
    setStatus({ kind: 'sending' });
    sending.current = true;
    const result = await actions.submitForm(form, data).finally(() => (sending.current = false));
    if (result.ok) {
      setStatus({ kind: 'done', message: result.message, focus: 'message' });
      return;
    }
    setErrors(result.errors);
    setStatus({ kind: 'failed', message: result.message, focus: 'message' });
  };
  if (status.kind === 'done')
    return (
      <div className="form-success" role="status" tabIndex={-1} ref={success}>
        {status.message}
      </div>
    );
  return (
    <form
      className="cms-form"
      id={`form-${form.id}`}
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate={actions !== null}
      onSubmit={onSubmit}
      aria-labelledby={`form-${form.id}-title`}
    >
      <h2 id={`form-${form.id}-title`}>{form.title}</h2>
      {form.description ? <p>{form.description}</p> : null}
      <p className="help">
        <span aria-hidden="true">*</span> marks a required field.
      </p>
      {form.fields.map((field) => (
        <Field key={field.name} form={form} field={field} error={errors[field.name]} />
      ))}
      <div role="alert" tabIndex={-1} ref={summary} className={status.kind === 'failed' ? 'error-summary' : undefined}>
        {status.kind === 'failed' ? <ErrorSummary form={form} message={status.message ?? ''} errors={errors} /> : null}
      </div>
      <button type="submit" className="button" aria-disabled={status.kind === 'sending' || undefined}>
        {status.kind === 'sending' ? 'Sending…' : form.submit_label}
      </button>
    </form>
  );
}
