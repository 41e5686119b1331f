import { useEffect, useState } from 'preact/hooks';

type LaterScreens = typeof import('../components/later-screens.js');

let loaded: LaterScreens | undefined;
let loading: Promise<LaterScreens> | undefined;

/** Starts fetching the later screens' chunk (once); resolves with the module. */
export function loadLaterScreens(): Promise<LaterScreens> {
  loading ??= import('../components/later-screens.js').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/** The later screens once their chunk is there (at once if it already is); fetched on mount. */
export function useLaterScreens(): LaterScreens | undefined {
  const [screens, setScreens] = useState(loaded);
  useEffect(() => {
    if (screens) return;
    let live = true;
    loadLaterScreens().then(
      (module) => {
        if (live) setScreens(module);
      },
      () => {
        // Offline: the next render tries again.
        loading = undefined;
      },
    );
    return () => {
      live = false;
    };
  }, [screens]);
  return screens;
}
