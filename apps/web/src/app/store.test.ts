import { waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import i18n from 'i18next';
import { fakeApi } from '../components/scheduling/test/fakeApi';
import { bookingProductsApi } from '../features/booking/api/productsApi';
import { prefetchFrontDoor } from '../features/booking/api/prefetchFrontDoor';
import { api } from '../lib/api';
import { startStore } from './store';

describe('startStore and the interface language', () => {
  it('asks for the products again on a switch, not when the start language reports it has loaded', async () => {
    const log = fakeApi(() => ({ status: 200, body: [] }));
    const productCalls = () => log.filter((r) => r.path === '/api/products').length;
    // Ended at the test's last line, before the set-up's afterEach switches the language back without a
    // fake server; onTestFinished (after that afterEach) still ends it when an assertion fails first.
    const lifetime = new AbortController();
    onTestFinished(() => lifetime.abort());
    const store = await startStore(lifetime.signal);
    // /new's calls start before the first render (decision 0251); the page then subscribes to them.
    prefetchFrontDoor(store.dispatch);
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    expect(log.map((r) => r.path).sort()).toEqual([
      '/api/organisation',
      '/api/product-categories',
      '/api/products',
    ]);
    store.dispatch(bookingProductsApi.endpoints.getBookableProducts.initiate());
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    expect(productCalls()).toBe(1);

    // What i18next reports once the start language's texts have loaded: the products are in it already.
    i18n.emit('languageChanged', i18n.language);
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    expect(productCalls()).toBe(1);

    await i18n.changeLanguage('nl');
    await waitFor(() => expect(productCalls()).toBe(2));
    lifetime.abort();
  });

  it('asks nothing more once its lifetime has ended (a test’s store must not outlive its test)', async () => {
    const log = fakeApi(() => ({ status: 200, body: [] }));
    const lifetime = new AbortController();
    const store = await startStore(lifetime.signal);
    store.dispatch(bookingProductsApi.endpoints.getBookableProducts.initiate());
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    expect(log.map((r) => r.path)).toEqual(['/api/products']);

    lifetime.abort();
    await i18n.changeLanguage('nl');
    window.dispatchEvent(new Event('focus'));
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    expect(log.map((r) => r.path)).toEqual(['/api/products']);
  });
});
