import { describe, expect, it, rs } from '@rstest/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoomMember } from '../schemas/room';
import { stubHttp } from '../testing/render-with-services';
import { PeoplePicker } from './people-picker';

const people: RoomMember[] = [
  { id: 2, username: 'bob' },
  { id: 3, username: 'bobby' },
  { id: 4, username: 'alice' },
];

/** The picker alone, its searches answered by `get`. */
function renderPicker(get: (url: string) => Promise<RoomMember[]>, onChange: (people: RoomMember[]) => void) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PeoplePicker
        http={stubHttp({ get })}
        ownId={1}
        inputId="people"
        label="People"
        value={[]}
        onChange={onChange}
        max={8}
      />
    </QueryClientProvider>,
  );
}

describe('PeoplePicker', () => {
  it('keeps offering the last answer narrowed to what is typed while the next is on its way, so Enter picks it', async () => {
    let answerLate: (list: RoomMember[]) => void = () => {};
    const get = rs.fn((url: string) => {
      const q = new URL(url, 'http://x/').searchParams.get('q') ?? '';
      if (q === 'bobb') return new Promise<RoomMember[]>((resolve) => (answerLate = resolve));
      return Promise.resolve(people.filter((person) => person.username.startsWith(q)));
    });
    const onChange = rs.fn();
    renderPicker(get, onChange);
    const field = screen.getByRole('combobox');
    await userEvent.type(field, 'bob');
    expect(await screen.findByRole('option', { name: 'bobby' })).toBeInTheDocument();
    await userEvent.type(field, 'b');
    // 'bobb' is still unanswered: 'bob' no longer matches, 'bobby' still does and is the one offered.
    expect(screen.queryByRole('option', { name: 'bob' })).toBeNull();
    expect(screen.getByRole('option', { name: 'bobby' })).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith([{ id: 3, username: 'bobby' }]);
    answerLate([{ id: 3, username: 'bobby' }]);
  });

  it('leaves what was typed when Enter finds nothing to choose', async () => {
    const get = rs.fn(() => Promise.resolve([] as RoomMember[]));
    const onChange = rs.fn();
    renderPicker(get, onChange);
    const field = screen.getByRole('combobox');
    await userEvent.type(field, 'nobody{Enter}');
    expect(field).toHaveValue('nobody');
    expect(onChange).not.toHaveBeenCalled();
  });
});
