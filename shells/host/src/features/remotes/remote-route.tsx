// The one message file, not the errors index: every module route's page loads this file.
import { MODULE_LOAD_MESSAGES } from '@turnbook/contracts/errors/module-load';
import { RequireSuperAdmin, RequireToken } from '@turnbook/web-kit';
import { LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router-dom';
import { NotFoundPage } from '../../app/not-found-page';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { loadRemoteApp, loadRemotesFile, resetRemotesFile } from './remote-loader';
import { remoteFor, type RemoteName, type RemoteRoute as RemoteDef, type RemotesMap } from './remote-modules';

const cache = new Map<RemoteName, LazyExoticComponent<ComponentType>>();
function lazyRemote(name: RemoteName) {
  let c = cache.get(name);
  if (!c) {
    c = lazy(() => loadRemoteApp(name));
    cache.set(name, c);
  }
  return c;
}

function RemoteView({ remote }: { remote: RemoteDef }) {
  const [attempt, setAttempt] = useState(0);
  const App = lazyRemote(remote.module);
  return (
    <RemoteErrorBoundary
      key={`${remote.module}:${attempt}`}
      onRetry={() => {
        // React.lazy remembers a rejection: drop it and re-read remotes.json.
        cache.delete(remote.module);
        resetRemotesFile();
        setAttempt((a) => a + 1);
      }}
      fallback={(_e, retry) => (
        <NotAvailable title={`${remote.label} could not be loaded`} onRetry={retry}>
          {MODULE_LOAD_MESSAGES.moduleLoadFailed}
        </NotAvailable>
      )}
    >
      <Suspense fallback={<LoadingState />}>
        <App />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** The remotes file, read once per page (null while it loads). */
function useRemotes(): RemotesMap | null {
  const [remotes, setRemotes] = useState<RemotesMap | null>(null);
  useEffect(() => {
    let live = true;
    void loadRemotesFile().then((map) => live && setRemotes(map));
    return () => {
      live = false;
    };
  }, []);
  return remotes;
}

/** Every path the shell does not own: hand it to the module that owns it (or 404). */
export function RemoteRoute() {
  const { pathname } = useLocation();
  const remotes = useRemotes();
  if (!remotes) return <LoadingState />;
  const remote = remoteFor(pathname, remotes);
  if (!remote) return <NotFoundPage />;
  const view = <RemoteView remote={remote} />;
  if (remote.superAdmin) return <RequireSuperAdmin>{view}</RequireSuperAdmin>;
  if (remote.isPublic) return view;
  return <RequireToken>{view}</RequireToken>;
}
