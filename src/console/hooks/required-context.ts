import { type Context, createContext } from 'preact';
import { useContext } from 'preact/hooks';

/**
 * A context its provider must give (the app's dependencies, the signed-in session) and the hook
 * that reads it; the hook used outside a provider throws `missing`.
 */
export function requiredContext<T>(missing: string): readonly [Context<T | undefined>, () => T] {
  const context = createContext<T | undefined>(undefined);
  const use = (): T => {
    const value = useContext(context);
    if (value === undefined) throw new Error(missing);
    return value;
  };
  return [context, use];
}
