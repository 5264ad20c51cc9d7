import { describe, expect, it, rs } from '@rstest/core';
import { afterNextPaint } from '../src/after-paint';

describe('afterNextPaint', () => {
  it('runs the work in a task after the next frame, not before it', async () => {
    const order: string[] = [];
    const worked = new Promise<void>((resolve) =>
      afterNextPaint(() => {
        order.push('work');
        resolve();
      }),
    );
    requestAnimationFrame(() => order.push('frame'));
    await worked;
    expect(order).toEqual(['frame', 'work']);
  });

  it('does nothing once cancelled (an effect cleaned up before the frame)', async () => {
    const work = rs.fn();
    const cancel = afterNextPaint(work);
    cancel();
    // Two frames and a task later, the work would have run.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(work).not.toHaveBeenCalled();
  });
});
