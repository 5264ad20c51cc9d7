import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { afterNextPaint } from '../src/after-paint';

afterEach(() => {
  rs.useRealTimers();
});

describe('afterNextPaint', () => {
  it('runs the work in a task after the next frame, not before it', async () => {
    const order: string[] = [];
    afterNextPaint(() => order.push('work'));
    requestAnimationFrame(() => order.push('frame'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual(['frame', 'work']);
  });

  it('does nothing once cancelled (an effect cleaned up before the frame)', async () => {
    const work = rs.fn();
    const cancel = afterNextPaint(work);
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(work).not.toHaveBeenCalled();
  });
});
