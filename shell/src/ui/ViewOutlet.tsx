import {
  errorText,
  RemoteLoadError,
  routerAtom,
  type PorticoCore,
  type RemoteName,
  type ViewName,
} from '@portico/shared-state';
import { resolveView } from '@portico/shared-state/views';
import { useAtomValue } from 'jotai';
import { Component, Suspense, useEffect, useState, type ReactNode, type Ref } from 'react';
import { ErrorPanel, LoadingPanel } from '@portico/ui/panels';
import { knownRemoteEntry, remoteEntry } from '../remote-entries';
import { loadViewModule, readyViewModule, type ViewModule } from '../remote-loader';
import { shellChromeAtom } from './chrome';

/** Renders the current view from its remote; anything that cannot render is a visible error. */
export function ViewOutlet({ core, bodyRef }: { core: PorticoCore; bodyRef: Ref<HTMLDivElement> }) {
  const { view } = useAtomValue(routerAtom);
  const resolution = resolveView(view, core.options.features);
  let content: ReactNode;
  // Each view's body is new, so it fades in (spec §9: view transition 150 ms).
  let key: string = view;
  if (resolution.kind !== 'remote') {
    content = <OutletError message={resolution.message} />;
  } else {
    const { remote, module } = resolution.registration;
    const entry = knownRemoteEntry(core.options, remote);
    key = `${remote}${module}`;
    content = entry ? (
      <RemoteView key={key} core={core} view={view} remote={remote} module={module} entry={entry} />
    ) : core.options.manifestUrl ? (
      <ManifestRemoteView key={key} core={core} view={view} remote={remote} module={module} />
    ) : (
      <NoAddress remote={remote} />
    );
  }
  return (
    <div key={key} ref={bodyRef} className="portico-body">
      {content}
    </div>
  );
}

/** The outlet's panels in the modal's locale once the kit's words have arrived (the chrome), else in English. */
function OutletError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const chrome = useAtomValue(shellChromeAtom);
  return <ErrorPanel message={chrome?.say(message) ?? message} onRetry={onRetry} retryLabel={chrome?.retry} />;
}

function NoAddress({ remote }: { remote: RemoteName }) {
  return <OutletError message={`The ${remote} feature has no address. Set remotes.${remote} or cdnBase in the Portico options.`} />;
}

type PlacingState = { status: 'reading' } | { status: 'placed'; entry: string | undefined } | { status: 'error'; message: string };

/** A remote the host's CDN manifest places: the manifest is read first (once per page), then the view loads as any other. */
function ManifestRemoteView(props: { core: PorticoCore; view: ViewName; remote: RemoteName; module: `./${string}` }) {
  const { core, view, remote, module } = props;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PlacingState>({ status: 'reading' });
  const loadingLabel = useAtomValue(shellChromeAtom)?.loading;

  useEffect(() => {
    let current = true;
    setState({ status: 'reading' });
    remoteEntry(core.options, remote).then(
      (entry) => current && setState({ status: 'placed', entry }),
      (error: unknown) => {
        // The panel says which feature; why (the manifest's own error) goes to the host's events.
        core.events.track('REMOTE_LOAD_ERROR', { remote, module, message: errorText(error) });
        if (current) setState({ status: 'error', message: errorText(new RemoteLoadError(remote, error)) });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, core, remote, module]);

  if (state.status === 'reading') return <LoadingPanel label={loadingLabel} />;
  if (state.status === 'error') return <OutletError message={state.message} onRetry={() => setAttempt((count) => count + 1)} />;
  return state.entry ? <RemoteView core={core} view={view} remote={remote} module={module} entry={state.entry} /> : <NoAddress remote={remote} />;
}

type RemoteState = { status: 'loading' } | { status: 'ready'; view: ViewModule } | { status: 'error'; message: string };

function RemoteView(props: { core: PorticoCore; view: ViewName; remote: RemoteName; module: `./${string}`; entry: string }) {
  const { core, view, remote, module, entry } = props;
  const [attempt, setAttempt] = useState(0);
  const loading = <LoadingPanel label={useAtomValue(shellChromeAtom)?.loading} />;
  const [loadState, setState] = useState<RemoteState>({ status: 'loading' });
  // A module that has arrived renders at once: in the first frame of an open, and in the closed dialog's
  // prepared view (whose effects do not run until it is shown: see Modal). So does a view whose inputs' code
  // (core.prepareView: the send, swap and names forms) has arrived too.
  const arrived =
    loadState.status === 'loading' && attempt === 0 && core.viewPrepared(view) ? readyViewModule(remote, module, entry) : undefined;
  const state: RemoteState = arrived ? { status: 'ready', view: arrived } : loadState;

  useEffect(() => {
    if (state.status === 'ready' && attempt === 0) return;
    let current = true;
    setState({ status: 'loading' });
    core.modal.setLoading(true);
    // The UI kit (parts + stylesheet) loads with the module, and the code the view's inputs run on beside it: all are
    // in place before the view renders, so its inputs update synchronously.
    const prepared = core.prepareView(view).catch((error: unknown) => {
      throw new RemoteLoadError(remote, error);
    });
    Promise.all([loadViewModule(remote, module, entry, { retry: attempt > 0 }), prepared])
      .then(([viewModule]) => current && setState({ status: 'ready', view: viewModule }))
      .catch((error: unknown) => {
        const message = errorText(error);
        // Why, for the host's support (the panel shows only which feature): e.g. the entry failed its integrity hash.
        const details = error instanceof Error && 'details' in error && typeof error.details === 'string' ? error.details : undefined;
        core.events.track('REMOTE_LOAD_ERROR', { remote, module, message, ...(details && { details }) });
        if (current) setState({ status: 'error', message });
      })
      .finally(() => core.modal.setLoading(false));
    return () => {
      current = false;
    };
    // Load again only on a new attempt; `state` is read for the first render only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, core, view, remote, module, entry]);

  const retry = () => setAttempt((count) => count + 1);
  if (state.status === 'loading') return loading;
  if (state.status === 'error') return <OutletError message={state.message} onRetry={retry} />;
  const View = state.view.default;
  return (
    <RenderErrorBoundary remote={remote} onRetry={retry}>
      {/* A view suspends while its locale's catalogue loads (useMessages). */}
      <Suspense fallback={loading}>
        <View portico={core} />
      </Suspense>
    </RenderErrorBoundary>
  );
}

/** A remote view that throws while rendering gets the same error panel, not a blank modal. */
class RenderErrorBoundary extends Component<
  { remote: RemoteName; onRetry(): void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <OutletError
        message={`The ${this.props.remote} feature could not be loaded.`}
        onRetry={() => {
          this.setState({ failed: false });
          this.props.onRetry();
        }}
      />
    );
  }
}
