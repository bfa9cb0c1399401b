import { describe, expect, it } from '@rstest/core';
import { useMutation } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { renderWithServices } from '../testing/render-with-services';

function MutateButton({ run }: { run: () => Promise<unknown> }) {
  const mutation = useMutation({ mutationFn: run });
  return <Button onClick={() => mutation.mutate()}>Go</Button>;
}

describe('mutation notifications (spec section 8)', () => {
  it('shows Success with the result message', async () => {
    renderWithServices(<MutateButton run={() => Promise.resolve({ message: 'Room created.' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(screen.getByText('Room created.')).toBeInTheDocument();
  });

  it('falls back to "Mutation success" when the result has no message', async () => {
    renderWithServices(<MutateButton run={() => Promise.resolve(null)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Mutation success')).toBeInTheDocument();
  });

  it('shows Error with the failure message, else "Mutation failed"', async () => {
    renderWithServices(
      <MutateButton run={() => Promise.reject({ message: 'This room is full.', status: 422 })} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('This room is full.')).toBeInTheDocument();
  });

  it('says "Mutation failed" when the error carries no message', async () => {
    renderWithServices(<MutateButton run={() => Promise.reject(new Error())} />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Mutation failed')).toBeInTheDocument();
  });
});
