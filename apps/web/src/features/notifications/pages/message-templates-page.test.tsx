import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageTemplate } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../../test/fake-api';
import { pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import MessageTemplatesPage from './message-templates-page';

const templateId = '00000000-0000-4000-8000-00000000f001';
const templateOf = (extra: Partial<MessageTemplate> = {}): MessageTemplate => ({
  id: templateId,
  accountId: null,
  title: 'Short SMS',
  template: '{{deviceName}}: {{incomingValue}}',
  language: 'en',
  isDefault: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

describe('message templates page', () => {
  it('lists, adds (title and template required), edits and deletes templates', async () => {
    signInAs('super_admin');
    const api = fakeApi({
      'GET /api/message-templates/': ok(pageOf([templateOf()])),
      'POST /api/message-templates/': { status: 201, body: { data: templateOf({ title: 'New' }) } },
      [`PUT /api/message-templates/${templateId}`]: ok(templateOf()),
      [`DELETE /api/message-templates/${templateId}`]: fail(
        409,
        'Cant delete template!',
        'cannotDeleteTemplate',
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<MessageTemplatesPage />, { path: '/UserMessageTemplates' });
    const table = await screen.findByTestId('templates-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'Template', 'Actions']);
    expect(within(table).getByText('{{deviceName}}: {{incomingValue}}')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add template' }));
    const modal = await screen.findByTestId('addMessageTemplate');
    await user.type(within(modal).getByLabelText(/^Title/), '   ');
    await user.click(within(modal).getByRole('button', { name: 'Save template' }));
    expect(await within(modal).findByText('please enter a title')).toBeInTheDocument();
    expect(within(modal).getByText('please enter a template')).toBeInTheDocument();
    expect(within(modal).getByText('{{alarmName}}')).toBeInTheDocument();
    await user.type(within(modal).getByLabelText(/^Title/), 'New');
    await user.type(within(modal).getByLabelText(/^Template/), 'Hot {{{{deviceName}}');
    await user.click(within(modal).getByRole('button', { name: 'Save template' }));
    await waitFor(() => {
      expect(api.calls('POST /api/message-templates/')[0]?.body).toEqual({
        title: 'New',
        template: 'Hot {{deviceName}}',
        language: 'en',
      });
    });

    await user.click(screen.getByRole('button', { name: 'Edit Short SMS' }));
    const edit = await screen.findByTestId('addMessageTemplate');
    expect(within(edit).getByLabelText(/^Title/)).toHaveValue('Short SMS');
    await user.click(within(edit).getByRole('button', { name: 'Save template' }));
    await waitFor(() => {
      expect(api.calls(`PUT /api/message-templates/${templateId}`)).toHaveLength(1);
    });

    await user.click(screen.getByRole('button', { name: 'Delete Short SMS' }));
    const confirm = await screen.findByTestId('deleteMessageTemplate');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Cant delete template!')).toBeInTheDocument();
  });
});
