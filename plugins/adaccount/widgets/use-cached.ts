import { useEffect, useMemo, useState } from 'react';
import { readCached, useKernel } from '@kernel';

/** The cached list under `key`, read again when the area's load writes it (a widget never loads it itself). */
export function useCachedList<T>(key: string): T[] | null {
  const { store } = useKernel();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const id = store.addRowListener('cache', key, () => setVersion((v) => v + 1));
    return () => { store.delListener(id); };
  }, [store, key]);
  return useMemo(() => {
    const hit = readCached<T[]>(store, key);
    return hit.found ? hit.value : null;
  }, [store, key, version]); // eslint-disable-line react-hooks/exhaustive-deps
}
