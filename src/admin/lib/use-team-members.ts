import { useEffect, useState } from 'react';
import { paginated, TeamMember } from '../../contract/index.ts';
import { answer, api } from './api.ts';

/** The agency's team (its first 100 members): the agents a listing or a request can be given to. */
export function useTeamMembers(): TeamMember[] {
  const [team, setTeam] = useState<TeamMember[]>([]);
  useEffect(() => {
    answer(paginated(TeamMember), api().get('team', { searchParams: { limit: 100 } }))
      .then((page) => setTeam(page.data))
      .catch((error: unknown) => console.error(error));
  }, []);
  return team;
}
