import { Toaster } from 'sonner';

interface Props {
  /** The notifications region's name for screen readers, in the page's language. */
  label: string;
}

/** The one toast area of a page: every island's `toast()` (success and error messages) shows here. */
export default function Toasts({ label }: Props) {
  return (
    <Toaster
      theme="dark"
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={label}
      toastOptions={{ style: { fontFamily: 'var(--font-sans)', fontSize: '1rem', borderRadius: '1rem' } }}
    />
  );
}
