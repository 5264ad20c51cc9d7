/**
 * A view whose parts suspend on their locale's catalogues, their chunks arriving at different moments. Its own
 * file: React warns about a misuse of use() once per page, so this must be the page's first view to suspend.
 */
import type { SupportedLocale } from '@portico/shared-state/i18n';
import { stopTestCores, testCore } from '@portico/test-kit';
import { renderInLocale } from '@portico/test-kit/react';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it, rs } from '@rstest/core';
import { useState } from 'react';
import { useMessages } from '../src';

afterEach(() => {
  cleanup();
  stopTestCores();
  rs.restoreAllMocks();
});

/**
 * A part of a view with its own catalogue, whose chunk arrives `delay` ms after it is asked for: its words, then
 * state of its own (a hook after `use`, as views have). Parts whose chunks arrive at different moments catch React
 * at each point of its work (replaying a part, showing the fallback, trying the parts again).
 */
function part(delay: number) {
  const english = { greeting: 'Hello {name}' };
  const load = async (_locale: SupportedLocale) => {
    await new Promise((arrived) => setTimeout(arrived, delay));
    return { default: { greeting: 'Olá, {name}' } };
  };
  return function Greeting() {
    const t = useMessages(english, load);
    const [name] = useState('Ada');
    return <p>{t('greeting', { name })}</p>;
  };
}
const parts = Array.from({ length: 12 }, (_, index) => part(index * 4));

it('parts that suspended on the catalogue call use() on the same promise when React resumes them: React has nothing to say', async () => {
  const errors: unknown[][] = [];
  rs.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  const { core } = await testCore({ start: false, options: { locale: 'pt' } });
  await renderInLocale(
    parts.map((Part, index) => <Part key={index} />),
    core,
  );
  expect(await screen.findAllByText('Olá, Ada')).toHaveLength(parts.length);
  // Not "called use() to suspend … but did not call use() when it finished", nor the hook order and the
  // "Update hook called on initial render" that follow it.
  expect(errors).toEqual([]);
});
