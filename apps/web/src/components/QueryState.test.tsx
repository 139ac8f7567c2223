import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryState } from './QueryState';

const list = (data: string[] | undefined, isEmpty?: (d: string[]) => boolean) =>
  render(
    <QueryState
      data={data}
      error={undefined}
      isLoading={false}
      empty="Nothing here"
      {...(isEmpty && { isEmpty })}
    >
      {(items) => <p>{items.join(', ')}</p>}
    </QueryState>,
  );

describe('QueryState', () => {
  it("shows a list's empty text for an array without items, and the items otherwise", () => {
    list([]);
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    list(['a', 'b']);
    expect(screen.getByText('a, b')).toBeInTheDocument();
  });

  it('lets isEmpty decide what counts as nothing', () => {
    list(['only a header'], (d) => d.length < 2);
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(screen.queryByText('only a header')).not.toBeInTheDocument();
  });

  it('shows a failed call as an error, never as nothing here', () => {
    render(
      <QueryState<string[]> data={undefined} error={{ status: 500 }} isLoading={false} empty="Nothing here">
        {() => null}
      </QueryState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/went wrong|error/i);
    expect(screen.queryByText('Nothing here')).not.toBeInTheDocument();
  });
});
