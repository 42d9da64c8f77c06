import { useState } from 'react';
import { Message, type MessageStatus } from '../../contract/index.ts';
import { MESSAGE_STATUS_LABELS } from '../lib/labels.ts';
import { CardList } from '../ui/card-list.tsx';
import { CheckFilter, useCheckedSearchList } from '../ui/check-filter.tsx';
import { ListToolbar } from '../ui/list-controls.tsx';
import { RemoveDialog, useRemoval } from '../ui/remove-dialog.tsx';
import { PageHead } from '../ui/states.tsx';
import { MessageCard } from './message-card.tsx';
import { VisitRequests } from './visit-requests.tsx';
import './messages.css';

const PAGE_SIZE = 20;

function Messages() {
  // Visitors' reports of listings have their own tag and this filter.
  const searchList = useCheckedSearchList<Message, MessageStatus>('messages', PAGE_SIZE, Message, {
    key: 'propertyType',
    value: 'report',
  });
  const { setPage, page, list, changeStatus } = searchList;
  const removal = useRemoval<Message>(() => list.reload());

  return (
    <section aria-label="Messages">
      <ListToolbar
        state={searchList}
        search={{ label: 'Rechercher un message', placeholder: 'Rechercher par nom, e-mail, sujet…' }}
        filter={{ options: MESSAGE_STATUS_LABELS }}
        count={list.data && `${list.data.total} message(s)`}
      />
      <CheckFilter
        label="Signalements d’annonces seulement"
        checked={searchList.checked}
        onChange={searchList.check}
      />
      <CardList
        resource={list}
        pager={{ page, limit: PAGE_SIZE, onPage: setPage }}
        error="Erreur lors du chargement des messages"
        empty="Aucun message"
        card={(m) => (
          <MessageCard
            key={m.id}
            message={m}
            onStatus={(next) => void changeStatus(m.id, next)}
            onDelete={() => removal.ask(m)}
          />
        )}
      />
      <RemoveDialog
        {...removal.dialog}
        title="Supprimer le message"
        describe={(m) => `Supprimer le message de ${m.senderName} (« ${m.subject} ») ?`}
        path={(m) => `messages/${m.id}`}
        success="Message supprimé"
      />
    </section>
  );
}

export function MessagesPage() {
  const [tab, setTab] = useState<'messages' | 'visits'>('messages');
  return (
    <>
      <PageHead
        title="Messages"
        intro="Messages du formulaire de contact et demandes de visite des fiches."
      />
      <div className="adm-tabs" role="tablist" aria-label="Type de demande">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'messages'}
          onClick={() => setTab('messages')}
        >
          Messages
        </button>
        <button type="button" role="tab" aria-selected={tab === 'visits'} onClick={() => setTab('visits')}>
          Demandes de visite
        </button>
      </div>
      {tab === 'messages' ? <Messages /> : <VisitRequests />}
    </>
  );
}
