import { Send } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { CONTACT_EMAIL } from '@/config/contact';
import { type ContactMessage, contactMailtoUrl, contactMessageSchema } from '../lib/contact-message';

type FieldName = keyof ContactMessage;
type FieldErrors = Partial<Record<FieldName, string>>;

const emptyMessage: ContactMessage = { name: '', email: '', subject: '', message: '' };

/** Hands the message to the visitor's mail app; the page itself stays open. */
function openMailApp(url: string) {
  window.open(url, '_self');
}

/**
 * The contact form. The spec does not say what submit does and the API has no contact call, so
 * a valid message opens the visitor's mail app addressed to us with everything filled in.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(emptyMessage);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [mailtoUrl, setMailtoUrl] = useState<string | null>(null);

  function handleChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const name = event.target.name as FieldName;
    setValues((current) => ({ ...current, [name]: event.target.value }));
    // A field's error goes as soon as it is being fixed; the others stay until the next submit.
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = contactMessageSchema.safeParse(values);
    if (!result.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as FieldName;
        fieldErrors[field] ??= issue.message;
      }
      setErrors(fieldErrors);
      setMailtoUrl(null);
      const firstInvalid = (Object.keys(emptyMessage) as FieldName[]).find((field) => fieldErrors[field]);
      if (firstInvalid) (event.currentTarget.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    const url = contactMailtoUrl(result.data);
    setErrors({});
    setMailtoUrl(url);
    openMailApp(url);
  }

  return (
    // noValidate: the fields keep `required` for assistive technology, but the inline errors
    // below replace the browser's own bubbles so every browser shows the same messages.
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <p className="text-sm text-stone-600">All fields are required.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          value={values.name}
          onChange={handleChange}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          value={values.email}
          onChange={handleChange}
          error={errors.email}
        />
      </div>
      <TextField
        label="Subject"
        name="subject"
        required
        maxLength={150}
        value={values.subject}
        onChange={handleChange}
        error={errors.subject}
      />
      <TextAreaField
        label="Message"
        name="message"
        required
        rows={6}
        maxLength={2000}
        value={values.message}
        onChange={handleChange}
        error={errors.message}
      />
      {mailtoUrl && (
        <Alert type="success">
          <p className="font-medium">Thanks! Your message is ready to send in your email app.</p>
          <p className="mt-1">
            Nothing opened?{' '}
            <a href={mailtoUrl} className="font-semibold underline underline-offset-2">
              Open it again
            </a>{' '}
            or write to{' '}
            <a href={`mailto:${CONTACT_EMAIL}`} className="font-semibold underline underline-offset-2">
              {CONTACT_EMAIL}
            </a>
            .
          </p>
        </Alert>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-start">
        <Send className="size-4.5" aria-hidden />
        Send message
      </Button>
    </form>
  );
}
