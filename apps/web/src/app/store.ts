import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../lib/api';
import { i18n } from '../lib/i18n';
import { authSlice } from '../session/authSlice';
import { startSessionListeners } from '../session/sessionListeners';
// ── Feature slices (booking helper):
import { draftSlice } from '../features/booking/store/draftSlice';
import { reservationSlice } from '../features/booking/store/reservationSlice';
import { persistBooking, restoreBookingState } from '../features/booking/store/draftStorage';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [authSlice.reducerPath]: authSlice.reducer,
  // ── Feature slices (booking helper):
  [draftSlice.reducerPath]: draftSlice.reducer,
  [reservationSlice.reducerPath]: reservationSlice.reducer,
  // Every slice must return its initial state on `resetAll` (src/lib/store/resetAll.ts).
});

const listener = createListenerMiddleware();
startSessionListeners(listener, () => api.util.resetApiState());

export function makeStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
}

/**
 * The app's store. The booking draft and its hold survive a reload of the tab (decision 0185): without a
 * stored booking this resolves at once; with one it first loads the reader, which needs zod (decision 0245).
 * `lifetime` ends what it listens to (focus, network, the interface language): the page's store lives as
 * long as the page, but a test's must stop with its test, or it refetches when a later test switches the
 * language, long after that test's fake server is gone.
 */
export async function startStore(lifetime?: AbortSignal): Promise<AppStore> {
  const storage = tabStorage();
  const store = makeStore(await restoreBookingState(storage, Date.now()));
  const stopRefetching = setupListeners(store.dispatch);
  persistBooking(store, storage);
  // Products, their categories and the locations' notices are answered in the interface language (Accept-Language): a
  // switch fetches them anew. The first load of the start language also reports languageChanged; by
  // then /new may already have its products in that language (decision 0251), so only a different
  // language counts.
  let productsLanguage = i18n.language;
  const onLanguage = (language: string) => {
    if (language === productsLanguage) return;
    productsLanguage = language;
    store.dispatch(api.util.invalidateTags(['Product', 'ProductCategory', 'Location']));
  };
  i18n.on('languageChanged', onLanguage);
  lifetime?.addEventListener(
    'abort',
    () => {
      i18n.off('languageChanged', onLanguage);
      stopRefetching();
    },
    { once: true },
  );
  return store;
}

/**
 * The tab's sessionStorage, or one in memory where the browser refuses it: a booking page framed by the
 * organisation's website (decision 0394) is a third-party frame, and a browser that blocks third-party
 * cookies throws on the very access. The flow then works; it just does not survive a reload.
 */
function tabStorage(): Storage {
  try {
    return window.sessionStorage;
  } catch {
    const items = new Map<string, string>();
    return {
      get length() {
        return items.size;
      },
      key: (i) => [...items.keys()][i] ?? null,
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, String(v)),
      removeItem: (k) => void items.delete(k),
      clear: () => items.clear(),
    };
  }
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
