import { hydrateRoot } from 'react-dom/client';
import { CallbackForm, type CallbackState } from './CallbackForm';

// The recipe form's page in the browser: hydrated from the state the server rendered it with.
const seed = JSON.parse(document.getElementById('seed')?.textContent ?? '{}') as CallbackState;
hydrateRoot(document.getElementById('root') as HTMLElement, <CallbackForm seed={seed} />);
// For the test: the form's script is there (hydrateRoot has attached React's listeners).
document.documentElement.dataset.hydrated = 'true';
