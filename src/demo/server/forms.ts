import type { Form } from '../../api/schemas/pages.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Check a submission against its form's rules; returns field errors (empty when valid). */
export function validateSubmission(form: Form, body: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  const read = (name: string): unknown[] => {
    if (body instanceof FormData) return body.getAll(name);
    if (body && typeof body === 'object') {
      const value = (body as Record<string, unknown>)[name];
      if (value === undefined || value === null) return [];
      return Array.isArray(value) ? value : [value];
    }
    return [];
  };
  for (const field of form.fields) {
    if (field.type === 'paragraph') continue;
    const values = read(field.name).filter(
      (v) =>
        !(typeof v === 'string' && v.trim() === '') && !(v instanceof Blob && v.size === 0 && !('name' in v && v.name)),
    );
    if (field.required && values.length === 0) {
      errors[field.name] = `${field.label} is required.`;
      continue;
    }
    for (const value of values) {
      if (field.type === 'file') {
        if (!(value instanceof Blob)) {
          errors[field.name] = `${field.label} must be a file (send the form as multipart/form-data).`;
          break;
        }
        if (field.accept.length && !field.accept.includes(value.type)) {
          errors[field.name] = `${field.label} must be one of: ${field.accept.join(', ')}.`;
          break;
        }
        if (field.max_size_bytes && value.size > field.max_size_bytes) {
          errors[field.name] =
            `${field.label} must be ${Math.round(field.max_size_bytes / 1024 / 1024)} MB or smaller.`;
          break;
        }
        continue;
      }
      const text = String(value);
      if (field.max_length && text.length > field.max_length)
        errors[field.name] = `${field.label} must be ${field.max_length} characters or fewer.`;
      else if (field.input_type === 'email' && !EMAIL.test(text))
        errors[field.name] = `${field.label} must be a valid email address.`;
      else if ((field.type === 'select' || field.type === 'checkboxes') && !field.options.some((o) => o.value === text))
        errors[field.name] = `${field.label}: "${text}" is not one of the choices.`;
    }
    if (field.type === 'file' && field.max_files && values.length > field.max_files)
      errors[field.name] = `${field.label}: at most ${field.max_files} file(s).`;
  }
  return errors;
}
