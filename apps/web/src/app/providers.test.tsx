import Alert from '@mui/material/Alert';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pager } from '../components/Pager';
import { i18n } from '../lib/i18n';
import { AppProviders } from './providers';
import { makeStore } from './store';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function renderWithMuiTexts() {
  render(
    <AppProviders store={makeStore()}>
      <Alert onClose={() => undefined}>Saved</Alert>
      <Pager total={42} page={1} pageSize={10} pageSizes={[10]} onPage={() => {}} onPageSize={() => {}} />
    </AppProviders>,
  );
}

describe('AppProviders', () => {
  it("gives MUI's own labels the interface language, following a switch", async () => {
    renderWithMuiTexts();
    expect(await screen.findByRole('button', { name: 'Go to next page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();

    await act(() => i18n.changeLanguage('nl'));
    expect(await screen.findByRole('button', { name: 'Ga naar volgende pagina' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sluiten' })).toBeInTheDocument();

    await act(() => i18n.changeLanguage('de'));
    expect(await screen.findByRole('button', { name: 'Zur nächsten Seite' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
  });
});
