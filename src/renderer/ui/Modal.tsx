import clsx from 'clsx';
import {
  useId,
  useLayoutEffect,
  useRef,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cycleFocus } from './focus-cycle';
import { useLatest } from './use-latest';
import './modal.css';

export interface ModalProps {
  /** The heading; it also names the dialog for screen readers. */
  title?: ReactNode;
  /** The dialog's name when it has no visible heading (the command palette). */
  label?: string;
  /** Esc, a click on the backdrop (when allowed) or the dialog closing by itself asks this. */
  onClose: () => void;
  children: ReactNode;
  /** The buttons at the bottom, right-aligned; they stay in view while the body scrolls. */
  actions?: ReactNode;
  /** `narrow` for a question, `wide` for a form in two columns or a long value. */
  size?: 'narrow' | 'normal' | 'wide';
  /** Close on a click outside the dialog (overlays that only show things). */
  closeOnBackdrop?: boolean;
  /** Makes body and actions one form: Enter in a field submits it. */
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  /** Keys the dialog handles beyond Esc and Tab (the help overlay closes on `?`). */
  onKeyDown?: (e: KeyboardEvent<HTMLDialogElement>) => void;
  className?: string;
  testId?: string;
}

/**
 * The one modal dialog: a native `<dialog>` opened with showModal(), so the page behind it is
 * inert and Tab stays inside; Esc asks `onClose`; when it goes away the focus goes back to what
 * had it before. Heading, body and actions always sit in the same places.
 *
 * The dialog is shown while it is rendered: the caller decides when it is open by rendering it,
 * and closes it by no longer rendering it (after `onClose`).
 */
export function Modal({
  title,
  label,
  onClose,
  children,
  actions,
  size = 'normal',
  closeOnBackdrop = false,
  onSubmit,
  onKeyDown,
  className,
  testId,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useLatest(onClose);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // showModal focuses the first control; one marked `data-autofocus` is the one meant to have
    // it. (React's autoFocus fires before the dialog is shown, when nothing in it can be focused.)
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    let unmounted = false;
    const onNativeClose = () => {
      // The browser closed it without asking (a second Esc a page may not refuse): tell the
      // caller, and show it again if the caller keeps it (an export that is still running).
      onCloseRef.current();
      queueMicrotask(() => {
        if (!unmounted && dialog.isConnected && !dialog.open) dialog.showModal();
      });
    };
    const onCancel = (e: Event) => {
      // Esc while the focus is outside any control (a button disabled under it): ask, do not
      // let the browser close what React still renders.
      e.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('cancel', onCancel);
    return () => {
      unmounted = true;
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
    // Once: the dialog opens when it mounts and closes when it unmounts.
  }, [onCloseRef]);

  const keyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab' && ref.current && cycleFocus(ref.current, e.shiftKey)) {
      e.preventDefault();
    }
  };

  const body = (
    <>
      <div className="modal-body">{children}</div>
      {actions !== undefined && <div className="modal-actions">{actions}</div>}
    </>
  );

  return (
    <dialog
      ref={ref}
      className={clsx('modal', `modal-${size}`, className)}
      aria-labelledby={title !== undefined ? titleId : undefined}
      aria-label={title === undefined ? label : undefined}
      data-testid={testId}
      onKeyDown={keyDown}
      onMouseDown={(e) => {
        // The dialog element itself is only hit outside its frame: on the backdrop.
        if (closeOnBackdrop && e.target === ref.current) onClose();
      }}
    >
      <div className="modal-frame">
        {title !== undefined && (
          <h2 className="modal-title" id={titleId}>
            {title}
          </h2>
        )}
        {onSubmit ? (
          <form className="modal-form" onSubmit={onSubmit}>
            {body}
          </form>
        ) : (
          body
        )}
      </div>
    </dialog>
  );
}
