import { DeleteButton } from './remove-dialog.tsx';

/** An item's "Modifier" and red "Supprimer", named for screen readers by the item ("Modifier Jean Kabila"). */
export function EditAndDelete({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={onEdit} aria-label={`Modifier ${name}`}>
        Modifier
      </button>
      <DeleteButton label={`Supprimer ${name}`} onClick={onDelete} />
    </>
  );
}
