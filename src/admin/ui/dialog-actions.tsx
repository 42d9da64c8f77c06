interface Props {
  /** The way out: "Annuler" unless the dialog goes back a step ("Retour"). */
  cancel?: string;
  onCancel: () => void;
  /** The green action's words, which say what it is doing while its request runs ("Enregistrement…"). */
  label: string;
  disabled: boolean;
  onConfirm: () => void;
}

/** A form dialog's footer: a quiet way out, then the green action. */
export function DialogActions({ cancel = 'Annuler', onCancel, label, disabled, onConfirm }: Props) {
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {cancel}
      </button>
      <button type="button" className="btn btn-green" disabled={disabled} onClick={onConfirm}>
        {label}
      </button>
    </>
  );
}
