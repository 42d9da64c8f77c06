import { useState } from 'react';
import { Property, type PropertyStatus } from '../../contract/index.ts';
import { PROPERTY_STATUS_LABELS } from '../lib/labels.ts';
import { withItem } from '../lib/mutate.ts';
import { CardList } from '../ui/card-list.tsx';
import { CheckFilter, useCheckedSearchList } from '../ui/check-filter.tsx';
import { ListToolbar } from '../ui/list-controls.tsx';
import { RemoveDialog, useRemoval } from '../ui/remove-dialog.tsx';
import { PageHead } from '../ui/states.tsx';
import { DraftsBanner } from './drafts-banner.tsx';
import { PropertyForm } from './property-form.tsx';
import { PropertyRow } from './property-row.tsx';
import './properties.css';

const PAGE_SIZE = 12;

/** What the removal dialog says and calls for a listing. */
const REMOVAL = {
  title: 'Supprimer la propriété',
  describe: (p: Property) =>
    `Supprimer définitivement « ${p.title} » ? La fiche disparaîtra du site à la prochaine publication.`,
  path: (p: Property) => `properties/${p.id}`,
  success: 'Propriété supprimée',
};

export function PropertiesPage() {
  const [editing, setEditing] = useState<Property | 'new' | null>(null);
  const removal = useRemoval<Property>(() => list.reload());
  // The listings to re-verify (never checked, or 90 days ago or more).
  const searchList = useCheckedSearchList<Property, PropertyStatus>('properties', PAGE_SIZE, Property, {
    key: 'verification',
    value: 'due',
  });
  const { setPage, page, list, changeStatus, checked: due } = searchList;

  return (
    <>
      <PageHead
        title="Propriétés"
        intro="Ajoutez, modifiez et changez le statut des annonces. Pensez à publier pour mettre le site public à jour."
        actions={
          <button type="button" className="btn btn-green" onClick={() => setEditing('new')}>
            + Ajouter une propriété
          </button>
        }
      />
      {!editing && <DraftsBanner onResume={setEditing} />}
      <ListToolbar
        state={searchList}
        search={{ label: 'Rechercher par titre ou adresse', placeholder: 'Rechercher par titre ou adresse…' }}
        filter={{ options: PROPERTY_STATUS_LABELS }}
        count={list.data && `${list.data.total} propriété(s)`}
      />
      <CheckFilter
        label="À revérifier seulement (jamais vérifiées, ou il y a 90 jours ou plus)"
        checked={due}
        onChange={searchList.check}
      />
      <CardList
        resource={list}
        pager={{ page, limit: PAGE_SIZE, onPage: setPage }}
        error="Erreur lors du chargement des propriétés"
        empty="Aucune propriété trouvée"
        busy={list.loading}
        card={(p) => (
          <PropertyRow
            key={p.id}
            property={p}
            onEdit={() => setEditing(p)}
            onDelete={() => removal.ask(p)}
            onVerified={(v) =>
              due ? list.reload() : list.setData(withItem({ ...p, verifiedAt: v.verifiedAt }))
            }
            onStatus={(next) =>
              void changeStatus(p.id, next, `« ${p.title} » : ${PROPERTY_STATUS_LABELS[next]}`)
            }
          />
        )}
      />
      {editing && (
        <PropertyForm
          property={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            if (editing === 'new') list.reload();
            else list.setData(withItem(saved));
          }}
        />
      )}
      <RemoveDialog {...removal.dialog} {...REMOVAL} />
    </>
  );
}
