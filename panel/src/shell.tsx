import { lazy, Suspense } from 'react';
import { Button } from 'react-aria-components';
import { Link, Route, Router, Switch, useRoute } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { DraftPicker, DraftProvider } from './draft.tsx';
import { Loading } from './parts/states.tsx';

// Each screen is its own chunk: the first screen loads only what it draws.
const Overview = lazy(() => import('./screens/overview.tsx'));
const Imports = lazy(() => import('./screens/imports.tsx'));
const ImportDetail = lazy(() => import('./screens/import-detail.tsx'));
const CatalogSource = lazy(() => import('./screens/catalog-source.tsx'));
const Rules = lazy(() => import('./screens/rules.tsx'));
const Synonyms = lazy(() => import('./screens/synonyms.tsx'));
const Settings = lazy(() => import('./screens/settings.tsx'));
const Preview = lazy(() => import('./screens/preview.tsx'));
const Insights = lazy(() => import('./screens/insights.tsx'));
const Releases = lazy(() => import('./screens/releases.tsx'));

const SCREENS = [
  { path: '/', label: 'Overview' },
  { path: '/imports', label: 'Imports' },
  { path: '/catalog-source', label: 'Catalog source' },
  { path: '/rules', label: 'Rules' },
  { path: '/synonyms', label: 'Synonyms' },
  { path: '/settings', label: 'Search & page settings' },
  { path: '/preview', label: 'Preview' },
  { path: '/insights', label: 'Insights' },
  { path: '/releases', label: 'Releases' },
] as const;

/** The signed-in panel: header, navigation, and the screen the address names (after `#`). */
export function Shell({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Router hook={useHashLocation}>
      <DraftProvider>
        <button type="button" className="skip" onClick={skipToMain}>
          Skip to the screen
        </button>
        <header className="top">
          <span className="brand">aisle</span>
          <DraftPicker />
          <Button className="quiet" onPress={onSignOut}>
            Sign out
          </Button>
        </header>
        <div className="frame">
          <nav aria-label="Screens">
            <ul>
              {SCREENS.map((screen) => (
                <li key={screen.path}>
                  <NavLink path={screen.path} label={screen.label} />
                </li>
              ))}
            </ul>
          </nav>
          <main id="main" tabIndex={-1}>
            <Suspense fallback={<Loading what="the screen" />}>
              <Switch>
                <Route path="/" component={Overview} />
                <Route path="/imports" component={Imports} />
                <Route path="/imports/:id">{(params) => <ImportDetail id={Number(params.id)} />}</Route>
                <Route path="/catalog-source" component={CatalogSource} />
                <Route path="/rules" component={Rules} />
                <Route path="/synonyms" component={Synonyms} />
                <Route path="/settings" component={Settings} />
                <Route path="/preview" component={Preview} />
                <Route path="/insights" component={Insights} />
                <Route path="/releases" component={Releases} />
                <Route>
                  <h1>Not a screen</h1>
                  <p>
                    Nothing is at this address. <Link href="/">Go to the overview.</Link>
                  </p>
                </Route>
              </Switch>
            </Suspense>
          </main>
        </div>
      </DraftProvider>
    </Router>
  );
}

function NavLink({ path, label }: { path: string; label: string }) {
  const [exact] = useRoute(path);
  const [nested] = useRoute(`${path}/*`);
  const current = exact || (path !== '/' && nested);
  return (
    <Link href={path} aria-current={current ? 'page' : undefined}>
      {label}
    </Link>
  );
}

/** Hash routing owns `#`, so the skip link is a button that moves focus to the screen. */
function skipToMain() {
  document.getElementById('main')?.focus();
}
