import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { ids, pageOf, signInAs, userOf } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { LinkTemplateModal } from './link-template-modal';

const templateId = '00000000-0000-4000-8000-00000000f001';

describe('addUserMessageTemplate', () => {
  it('fetches templates only once type and method are chosen, and names each missing item', async () => {
    signInAs('super_admin');
    const owner = userOf('super_user', { accountId: ids.account });
    const api = fakeApi({
      'GET /api/message-templates-rel/': ok([]),
      'GET /api/message-templates/': ok(
        pageOf([
          {
            id: templateId,
            accountId: null,
            title: 'Short SMS',
            template: '{{deviceName}}',
            language: 'en',
            isDefault: false,
            createdAt: '2026-11-01T00:00:00.000Z',
          },
        ]),
      ),
      'POST /api/message-templates-rel/': ok({
        id: '00000000-0000-4000-8000-00000000f101',
        userId: owner.id,
        templateId,
        templateTitle: 'Short SMS',
        type: 'TEMPERATURE',
        method: 'SMS',
        createdAt: '2026-11-01T00:00:00.000Z',
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<LinkTemplateModal opened user={owner} onClose={() => undefined} />);
    const modal = await screen.findByTestId('addUserMessageTemplate');
    expect(
      await within(modal).findByText('This user receives the default templates in their language.'),
    ).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Link template' }));
    expect(await within(modal).findByText('please choose a type')).toBeInTheDocument();
    expect(within(modal).getByText('please choose a method')).toBeInTheDocument();
    expect(within(modal).getByText('please choose a template')).toBeInTheDocument();

    await user.click(within(modal).getByLabelText(/^Type/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Temperature' }));
    expect(api.calls('GET /api/message-templates/')).toHaveLength(0);
    await user.click(within(modal).getByLabelText(/^Method/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'SMS' }));
    await waitFor(() => {
      expect(api.calls('GET /api/message-templates/')[0]?.query.get('pageSize')).toBe('1000');
    });
    await user.click(within(modal).getByLabelText(/^Template/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Short SMS' }));
    await user.click(within(modal).getByRole('button', { name: 'Link template' }));
    expect(await screen.findByText('Message template linked')).toBeInTheDocument();
    expect(api.calls('POST /api/message-templates-rel/')[0]?.body).toEqual({
      userId: owner.id,
      templateId,
      type: 'TEMPERATURE',
      method: 'SMS',
    });
  });
});
