import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { useAppDispatch } from '../../../lib/store/hooks';
import { itemAdded, selectDraftStep } from '../store/draftSlice';
import { useStepHistory } from './useStepHistory';

/** The booking page's step sync, plus a product chosen in the same moment the page corrects its address. */
function Page() {
  useStepHistory();
  const dispatch = useAppDispatch();
  // Runs after the sync's first effect, which has just asked the router to replace ?step=review by
  // ?step=products: the router applies that in a transition, the product is an urgent update and
  // renders first, still with the old address (as a quick click did in CI).
  useEffect(() => {
    dispatch(itemAdded(1));
  }, [dispatch]);
  const location = useLocation();
  return <p>{`${location.pathname}${location.search}`}</p>;
}

describe('useStepHistory', () => {
  it('does not take its own not yet applied address correction for a new address', () => {
    const store = makeStore();
    const { container } = render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/new?step=review']}>
          <Page />
        </MemoryRouter>
      </Provider>,
    );
    // The review step was out of reach, so the page went to products; choosing a product there must
    // not send the visitor on to the time step.
    expect(selectDraftStep(store.getState())).toBe('products');
    expect(container.textContent).toBe('/new?step=products');
  });
});
