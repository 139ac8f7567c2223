import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { auditEventsPageSchema, type AuditEventItem } from '@balie/shared';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import { aUser, renderRoute } from '../../../test/renderRoute';

vi.setConfig({ testTimeout: 60_000 });

const admin = aUser({ roles: ['ROLE_ADMIN'] });

/** An event as GET /audit-events lists it; parsed so the fixture cannot drift from the contract. */
const event = (overrides: Partial<AuditEventItem>): AuditEventItem => ({
  id: 1,
  at: '2031-03-03T09:00:00+01:00',
  actor: { type: 'user', id: 7, email: 'anna@example.com', name: 'Anna de Vries', staff: true },
  action: 'desk_updated',
  entityType: 'desk',
  entityId: '1',
  entityLabel: 'Balie 1',
  ...overrides,
});

function serveTrail(items: AuditEventItem[]) {
  fakeApi(({ path }) =>
    path.startsWith('/api/audit-events')
      ? {
          status: 200,
          body: auditEventsPageSchema.parse({ items, total: items.length, page: 1, pageSize: 20 }),
        }
      : apiError(404, 'not_found'),
  );
}

/** What the row of `title` shows for `field`: the text of its <dd>. */
async function changeShown(title: string, field: string): Promise<string> {
  const row = (await screen.findByRole('heading', { name: new RegExp(title) })).closest('li')!;
  const term = within(row).getByText(field, { selector: 'dt' });
  return term.nextElementSibling!.textContent ?? '';
}

describe('audit trail: changed values as a person reads them', () => {
  it('names roles in the interface language, not as a JSON list', async () => {
    serveTrail([
      event({
        action: 'role_revoked',
        entityType: 'user',
        entityLabel: 'jan@example.com',
        changes: { roles: { before: ['ROLE_USER', 'ROLE_ADMIN'], after: ['ROLE_USER'] } },
      }),
    ]);
    await renderRoute('/audit', { user: admin });
    expect(await changeShown('Role lowered', 'roles')).toBe('User, Admin → User');
  });

  it('names an invitation by its address, its role by name, and its link’s end as a moment', async () => {
    serveTrail([
      event({
        action: 'invitation_resent',
        entityType: 'invitation',
        entityId: '4',
        entityLabel: 'colleague@example.org',
        changes: {
          expiresAt: { before: '2031-03-01T08:00:00.000Z', after: '2031-03-10T08:00:00.000Z' },
        },
      }),
      event({
        id: 2,
        action: 'invitation_sent',
        entityType: 'invitation',
        entityId: '4',
        entityLabel: 'colleague@example.org',
        changes: { roles: { before: null, after: ['ROLE_STAFF'] } },
      }),
    ]);
    await renderRoute('/audit', { user: admin });
    expect(await changeShown('Invitation sent again', 'link valid until')).toBe(
      '01/03/2031 09:00 → 10/03/2031 09:00',
    );
    expect(await changeShown('Colleague invited', 'roles')).toBe('(empty) → Staff');
    expect(
      screen.getByRole('heading', { name: /^Invitation sent again\s*· Invitation colleague@example\.org$/ }),
    ).toBeInTheDocument();
  });

  it('says why an invitation was withdrawn when its sender lost the right to send it', async () => {
    serveTrail([
      event({
        id: 1,
        action: 'invitation_withdrawn',
        entityType: 'invitation',
        entityId: '4',
        entityLabel: 'nieuw@example.org',
        cause: 'sender_deleted',
      }),
      event({
        id: 2,
        action: 'invitation_withdrawn',
        entityType: 'invitation',
        entityId: '5',
        entityLabel: 'ander@example.org',
        actor: { type: 'system' },
        cause: 'sender_demoted',
      }),
    ]);
    await renderRoute('/audit', { user: admin });
    const rowOf = async (label: string) =>
      (await screen.findByRole('heading', { name: new RegExp(label) })).closest('li')!;
    expect(await rowOf('nieuw@example.org')).toHaveTextContent(
      'Withdrawn because the account that sent it was deleted',
    );
    expect(await rowOf('ander@example.org')).toHaveTextContent(
      'Withdrawn because the account that sent it is no longer an admin',
    );
  });

  it('writes yes/no, lists and objects in words, and an empty list as empty', async () => {
    serveTrail([
      event({
        changes: {
          active: { before: true, after: false },
          overflow: {
            before: { morning: 0, afternoon: 20, evening: 0 },
            after: { morning: 10, afternoon: 20, evening: 0 },
          },
          openingHours: {
            before: [],
            after: [
              { weekday: 1, opens: '08:30', closes: '12:30' },
              { weekday: 4, opens: '18:00', closes: '20:00' },
            ],
          },
        },
      }),
    ]);
    await renderRoute('/audit', { user: admin });
    expect(await changeShown('Desk changed', 'active')).toBe('yes → no');
    expect(await changeShown('Desk changed', 'overflow')).toBe(
      'morning 0, afternoon 20, evening 0 → morning 10, afternoon 20, evening 0',
    );
    expect(await changeShown('Desk changed', 'opening hours')).toBe(
      '(empty) → Monday 08:30–12:30; Thursday 18:00–20:00',
    );
  });
});
