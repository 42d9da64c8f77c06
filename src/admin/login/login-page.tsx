import { useState, type FormEvent } from 'react';
import { LoginRequest, LoginResponse } from '../../contract/index.ts';
import { api, errorMessage, answer } from '../lib/api.ts';
import { navigate, ROUTES } from '../lib/router.ts';
import { storeSession } from '../lib/session.ts';
import { Brand } from '../ui/brand.tsx';
import { Field, fieldErrors } from '../ui/field.tsx';
import { Icon } from '../ui/icons.tsx';
import './login.css';

type State = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'error'; message: string };

/**
 * Spec §4: idle, submitting, error; the fields checked with the API's contract; on success the token is
 * stored and /admin opens.
 */
function useLogin() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (email: string, password: string) => {
    const parsed = LoginRequest.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setState({ kind: 'submitting' });
    try {
      const login = await answer(LoginResponse, api().post('auth/login', { json: parsed.data }));
      storeSession(login.token, login.user);
      navigate(ROUTES.dashboard, { replace: true });
    } catch (error) {
      // Spec §8: the server's message when it gives one, otherwise 'Email ou mot de passe incorrect'.
      setState({ kind: 'error', message: errorMessage(error, 'Email ou mot de passe incorrect') });
    }
  };
  return { state, errors, submit };
}

/** The password, with a button that shows it (typed on a phone, it is easy to get wrong). */
function PasswordField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const [shown, setShown] = useState(false);
  return (
    <Field label="Mot de passe" required error={error}>
      {(control) => (
        <div className="adm-password">
          <input
            {...control}
            type={shown ? 'text' : 'password'}
            name="password"
            autoComplete="current-password"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            className="adm-icon-btn"
            aria-pressed={shown}
            aria-label={shown ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
            onClick={() => setShown((s) => !s)}
          >
            <Icon name={shown ? 'eyeOff' : 'eye'} />
          </button>
        </div>
      )}
    </Field>
  );
}

/** Spec §2 admin login: the staff's e-mail and password, the way back to the site. */
export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { state, errors, submit } = useLogin();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(email, password);
  };

  const submitting = state.kind === 'submitting';
  return (
    <main className="adm-login">
      <form className="adm-card adm-login-card" onSubmit={onSubmit} noValidate>
        <Brand dark />
        <h1>Connexion</h1>
        <p className="adm-muted">Espace réservé à l’équipe de l’agence.</p>
        {state.kind === 'error' && (
          <p className="adm-alert" role="alert">
            {state.message}
          </p>
        )}
        <Field label="Email" required error={errors.email}>
          {(control) => (
            <input
              {...control}
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <PasswordField value={password} error={errors.password} onChange={setPassword} />
        <button type="submit" className="btn btn-primary adm-block" disabled={submitting}>
          {submitting ? 'Connexion…' : 'Se connecter'}
        </button>
        <a className="adm-muted adm-back" href="/">
          ← Retour au site
        </a>
      </form>
    </main>
  );
}
