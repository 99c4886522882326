// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createMemo, memoPerOwners, objectId } from './memo';

describe('createMemo', () => {
  it('makes a key once, then gives back what it made', () => {
    const memo = createMemo<object>(4);
    let made = 0;
    const make = () => ({ n: ++made });
    const first = memo.get('a', make);
    expect(memo.get('a', make)).toBe(first);
    expect(memo.get('b', make)).not.toBe(first);
    expect(made).toBe(2);
  });

  it('keeps at most its bound, the least recently used dropped first', () => {
    const memo = createMemo<number>(2);
    let made = 0;
    const make = () => ++made;
    memo.get('a', make);
    memo.get('b', make);
    memo.get('a', make); // a used last: b goes when c comes
    memo.get('c', make);
    expect(memo.size).toBe(2);
    expect(memo.get('a', make)).toBe(1);
    expect(memo.get('b', make)).toBe(4);
  });
});

describe('memoPerOwners', () => {
  it('gives the same memo for the same owners, another for any other', () => {
    const memos = memoPerOwners<number>(8);
    const [build, registry, otherBuild] = [{}, {}, {}];
    expect(memos(build, registry)).toBe(memos(build, registry));
    expect(memos(otherBuild, registry)).not.toBe(memos(build, registry));
    expect(memos(registry, build)).not.toBe(memos(build, registry));
    expect(memos(build)).not.toBe(memos(build, registry));
  });
});

describe('objectId', () => {
  it('names an object by one number for as long as it lives', () => {
    const [a, b] = [{}, {}];
    expect(objectId(a)).toBe(objectId(a));
    expect(objectId(a)).not.toBe(objectId(b));
  });
});
