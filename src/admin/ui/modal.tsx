import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  wide?: boolean;
}

/** A native modal <dialog>: focus stays inside, Escape closes it, the page behind is inert. */
export function Modal({ open, title, onClose, children, footer, wide = false }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // A phone's keyboard opening shrinks the screen (interactive-widget=resizes-content on the admin page):
  // the field being typed in is brought back into view instead of staying under it.
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!open || !viewport) return;
    const keepInView = () => {
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && ref.current?.contains(focused))
        focused.scrollIntoView({ block: 'nearest' });
    };
    viewport.addEventListener('resize', keepInView);
    return () => viewport.removeEventListener('resize', keepInView);
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`adm-modal${wide ? ' adm-modal-wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <header className="adm-modal-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="adm-icon-btn" aria-label="Fermer" onClick={onClose}>
              ×
            </button>
          </header>
          <div className="adm-modal-body">{children}</div>
          {footer && <footer className="adm-modal-foot">{footer}</footer>}
        </>
      )}
    </dialog>
  );
}

interface ConfirmProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" before anything that cannot be undone. */
export function Confirm({
  open,
  title,
  message,
  confirmLabel = 'Supprimer',
  busy,
  onConfirm,
  onCancel,
}: ConfirmProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Annuler
          </button>
          <button type="button" className="btn adm-btn-danger" disabled={busy} onClick={onConfirm}>
            {busy ? 'Suppression…' : confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
