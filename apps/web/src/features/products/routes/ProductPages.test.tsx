import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminProduct, AdminProductCategory, Desk } from '@balie/shared';
import { locationsAnswer } from '../../../components/locations/test/fixtures';
import { DESKS } from '../../desks/test/fixtures';
import { aUser, renderRoute } from '../../../test/renderRoute';
import {
  apiError,
  fakeApi,
  type FakeAnswer,
  type FakeRequest,
} from '../../../components/scheduling/test/fakeApi';

const user = userEvent.setup({ delay: null });
const admin = aUser({ roles: ['ROLE_ADMIN'] });

const CATEGORIES: AdminProductCategory[] = [
  { id: 1, name: 'Reisdocumenten', position: 0, translations: { en: { name: 'Travel documents' } } },
  { id: 2, name: 'Rijbewijzen', position: 1, translations: {} },
];

const PASSPORT: AdminProduct = {
  id: 5,
  title: 'Paspoort aanvragen',
  description: 'Voor een nieuw paspoort.',
  notice: 'Neem een pasfoto mee.',
  category: { id: 1, name: 'Reisdocumenten', position: 0 },
  timeUnit: 10,
  extraTimeUnit: 5,
  maxAmount: 4,
  active: true,
  files: [{ id: 9, fileName: 'checklist.pdf', mimeType: 'application/pdf', size: 2048, createdAt: '' }],
  translations: { en: { title: 'Apply for a passport', description: '', notice: '' } },
};

/** The catalogue calls as the server answers them; `special` answers a call first when it wants to. */
function serveCatalogue(
  special: (r: FakeRequest) => FakeAnswer | undefined = () => undefined,
  desks: Desk[] = DESKS,
) {
  return fakeApi((request) => {
    const answer = special(request) ?? locationsAnswer(request.path);
    if (answer) return answer;
    const key = `${request.method} ${request.path.split('?')[0]}`;
    if (key === 'GET /api/product-categories') return { status: 200, body: CATEGORIES };
    if (key === 'GET /api/products') return { status: 200, body: [PASSPORT] };
    if (key === 'GET /api/product/5') return { status: 200, body: PASSPORT };
    if (key === 'GET /api/desks') return { status: 200, body: desks };
    if (key === 'POST /api/products') return { status: 201, body: { ...PASSPORT, id: 6 } };
    if (key === 'PATCH /api/product/5') return { status: 200, body: PASSPORT };
    return apiError(404, 'not_found');
  });
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('where a product is offered (admin)', () => {
  it('lists per open location the desks that serve the product, and no warning while one can take it', async () => {
    serveCatalogue();
    await renderRoute('/product/5', { user: admin });
    const section = (await screen.findByRole('heading', { name: 'Where this product is offered' }))
      .parentElement!;
    await within(section).findByText('Stadhuis');
    const terms = within(section)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const details = within(section)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    // Balie 1 serves every product; inactive Balie 2 lists this one. The closed location has no desk for it.
    expect(terms).toEqual(['Stadhuis', 'Stadswinkel Noord']);
    expect(details).toEqual(['Balie 1', 'Balie 2 (inactive)']);
    expect(within(section).getByRole('link', { name: 'Balie 1' })).toHaveAttribute('href', '/front-desk/1');
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when no active desk at an active location serves it', async () => {
    const onlyLicences = DESKS.map((d) => (d.id === 1 ? { ...d, productIds: [6] } : d));
    serveCatalogue(undefined, onlyLicences);
    await renderRoute('/product/5', { user: admin });
    expect(
      await screen.findByText(
        'No active front desk at an active location handles this product: visitors cannot book it.',
      ),
    ).toBeInTheDocument();
    const section = screen.getByRole('heading', { name: 'Where this product is offered' }).parentElement!;
    expect(
      within(section)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['No desk', 'Balie 2 (inactive)']);
  });
});

describe('product screens (admin)', () => {
  it('checks the new product form field by field and sends every field with the filled-in translation', async () => {
    const log = serveCatalogue();
    const { location } = await renderRoute('/products/new', { user: admin });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    const create = screen.getByRole('button', { name: 'Create product' });

    await user.click(title);
    fireEvent.blur(title);
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    // An English description without an English title is refused under the English title.
    await user.type(field('Description (English)'), 'New.');
    await user.click(field('Title (English)'));
    await user.tab();
    // Both messages, not the first of them: the title's is already there before the English one appears.
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2));

    const timeUnit = screen.getByRole('spinbutton', { name: 'Time unit' });
    await user.clear(timeUnit);
    await user.type(timeUnit, '0');
    fireEvent.blur(timeUnit);
    expect(await screen.findByText('This number is too small')).toBeInTheDocument();
    expect(create).toBeDisabled();

    await user.type(title, 'Paspoort');
    await user.type(field('Title (English)'), 'Passport');
    await user.clear(timeUnit);
    await user.type(timeUnit, '15');
    await user.type(field('What to bring'), 'Foto');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Rijbewijzen' }));
    await user.click(create);

    expect(await screen.findByText('Product created')).toBeInTheDocument();
    expect(log.find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Paspoort',
      description: '',
      notice: 'Foto',
      categoryId: 2,
      timeUnit: 15,
      extraTimeUnit: 0,
      maxAmount: 10,
      active: true,
      translations: { en: { title: 'Passport', description: 'New.', notice: '' } },
    });
    await waitFor(() => expect(location().pathname).toBe('/product/6'));
  });

  it('explains the time unit, the extra time unit and the maximum with an example', async () => {
    serveCatalogue();
    await renderRoute('/products/new', { user: admin });
    const timeUnit = await screen.findByRole('spinbutton', { name: 'Time unit' });
    expect(timeUnit).toHaveAccessibleDescription(
      'How long the appointment takes for one. For example 10: one passport takes 10 minutes.',
    );
    expect(
      screen.getByRole('spinbutton', { name: 'Extra time per additional unit' }),
    ).toHaveAccessibleDescription(
      'Added for each further one. For example 5: three passports take 10 + 2 × 5 = 20 minutes.',
    );
    expect(screen.getByRole('spinbutton', { name: 'Maximum amount' })).toHaveAccessibleDescription(
      'The most a visitor can choose in one appointment.',
    );
    // A wrong value: the error takes the explanation's place.
    await user.clear(timeUnit);
    await user.type(timeUnit, '0');
    fireEvent.blur(timeUnit);
    await waitFor(() => expect(timeUnit).toHaveAccessibleDescription('This number is too small'));
  });

  it('says why a booked product cannot be deleted and offers to make it inactive', async () => {
    const log = serveCatalogue((r) => (r.method === 'DELETE' ? apiError(409, 'product_in_use') : undefined));
    await renderRoute('/product/5', { user: admin });
    expect(await screen.findByRole('textbox', { name: 'Title (English)' })).toHaveValue(
      'Apply for a passport',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Paspoort aanvragen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(/This product has been booked and cannot be deleted/)).toBeInTheDocument();
    // The alert is outside the closing dialog, reachable once it has gone.
    await user.click(await screen.findByRole('button', { name: 'Make inactive' }));
    expect(await screen.findByText('The product is now inactive')).toBeInTheDocument();
    expect(log.find((r) => r.method === 'PATCH')?.body).toEqual({ active: false });
  });

  it('lists products by search text and category, and tells when nothing matches', async () => {
    serveCatalogue();
    await renderRoute('/products', { user: admin });
    expect(await screen.findByRole('link', { name: 'Paspoort aanvragen' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'pasfoto');
    expect(screen.getByRole('link', { name: 'Paspoort aanvragen' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Rijbewijzen');
    expect(screen.getByText('No products match this search.')).toBeInTheDocument();
  });

  it('says a category with products cannot be deleted, and reorders by sending new positions', async () => {
    const log = serveCatalogue((r) => {
      if (r.method === 'DELETE') return apiError(409, 'category_not_empty');
      if (r.method === 'PATCH') return { status: 200, body: CATEGORIES[0] };
      return undefined;
    });
    await renderRoute('/products', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Delete Reisdocumenten' }));
    expect(
      await screen.findByText(
        'Reisdocumenten still holds products and cannot be deleted. Move its products to another category first.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move Reisdocumenten down' }));
    expect(await screen.findByText('Order saved')).toBeInTheDocument();
    expect(log.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/product-category/2', body: { position: 0 } },
      { method: 'PATCH', path: '/api/product-category/1', body: { position: 1 } },
    ]);
  });
});

describe('category names in three languages (admin)', () => {
  it('reads the Dutch names with their translations and saves the English and German names', async () => {
    const log = serveCatalogue((r) => {
      if (r.method === 'PATCH') return { status: 200, body: CATEGORIES[1] };
      if (r.method === 'POST' && r.path === '/api/product-categories')
        return { status: 201, body: { id: 3, name: 'Parkeren', position: 2, translations: {} } };
      return undefined;
    });
    await renderRoute('/products', { user: admin });
    expect(await screen.findByRole('textbox', { name: 'English name of Reisdocumenten' })).toHaveValue(
      'Travel documents',
    );
    expect(log.some((r) => r.path === '/api/product-categories?translations=true')).toBe(true);

    await user.type(field('English name of Rijbewijzen'), 'Driving licences');
    await user.type(field('German name of Rijbewijzen'), 'Führerscheine');
    const row = screen.getByRole('form', { name: 'Name of Rijbewijzen' });
    await user.click(within(row).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(log.find((r) => r.method === 'PATCH')?.body).toEqual({
        name: 'Rijbewijzen',
        translations: { en: { name: 'Driving licences' }, de: { name: 'Führerscheine' } },
      }),
    );

    const added = screen.getByRole('form', { name: 'New category' });
    await user.type(within(added).getByRole('textbox', { name: 'New category' }), 'Parkeren');
    await user.type(within(added).getByRole('textbox', { name: 'English name' }), 'Parking');
    await user.click(within(added).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(log.find((r) => r.method === 'POST')?.body).toEqual({
        name: 'Parkeren',
        translations: { en: { name: 'Parking' } },
      }),
    );
  });
});

describe('product files (admin)', () => {
  const upload = async (name: string, type: string) => {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.4'], name, { type }));
  };

  it('shows the texts of a refused upload: too large (413), not a supported type (415), product full (409)', async () => {
    const refusals = [
      [
        413,
        'payload_too_large',
        'scan.pdf',
        'scan.pdf is larger than 10 MB and was not added. Make the file smaller, for example by saving it as PDF.',
      ],
      [
        415,
        'unsupported_media_type',
        'setup.pdf',
        'setup.pdf is not a PDF, image or office document and was not added.',
      ],
      [
        409,
        'too_many_files',
        'bijlage.pdf',
        'bijlage.pdf was not added: a product holds at most 20 files. Delete a file first.',
      ],
      [
        409,
        'files_too_large',
        'groot.pdf',
        'groot.pdf was not added: the files of a product take at most 100 MB together. Delete a file first.',
      ],
    ] as const;
    let answer = apiError(413, 'payload_too_large');
    const log = serveCatalogue((r) => (r.method === 'POST' ? answer : undefined));
    await renderRoute('/product/5/files', { user: admin });
    expect(await screen.findByRole('heading', { name: 'Files of Paspoort aanvragen' })).toBeInTheDocument();
    for (const [status, code, name, text] of refusals) {
      answer = apiError(status, code);
      await upload(name, 'application/pdf');
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    const sent = log.filter((r) => r.method === 'POST');
    expect(sent.map((r) => r.path)).toEqual(Array(4).fill('/api/product/5/files'));
    // (jsdom's File does not serialise into Node's FormData; the real upload is checked in e2e.)
  });

  it('downloads a file under its name and deletes it only after confirming', async () => {
    const log = serveCatalogue((r) => (r.method === 'DELETE' ? { status: 204 } : undefined));
    await renderRoute('/product/5/files', { user: admin });
    const link = await screen.findByRole('link', { name: /checklist\.pdf/ });
    expect(link).toHaveAttribute('href', '/api/product/5/file/9');
    expect(link).toHaveAttribute('download', 'checklist.pdf');

    await user.click(screen.getByRole('button', { name: 'Delete checklist.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete checklist.pdf?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(log.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Delete checklist.pdf' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete checklist.pdf?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('checklist.pdf deleted')).toBeInTheDocument();
    expect(log.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/product/5/file/9']);
  });
});
