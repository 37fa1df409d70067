/** Every value of every object store of an IndexedDB database, read with the raw API, as JSON: what "no byte of it is left" is checked against. */
export async function indexedDbDump(factory: IDBFactory, name: string): Promise<string> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const dump: Record<string, unknown[]> = {};
  for (const storeName of [...db.objectStoreNames]) {
    dump[storeName] = await new Promise((resolve, reject) => {
      const request = db.transaction(storeName).objectStore(storeName).getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  db.close();
  return JSON.stringify(dump);
}
