import { beforeAll, describe, it, expect } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { BrandIcon, BrandList, loadBrandMarks } from './BrandIcons';
import { ruleMessages } from './ruleMessages';
import type { Brand } from './rules';

const BRANDS: Brand[] = ['Verve', 'MasterCard', 'Visa', 'AmericanExpress', 'Afrigo', 'Discover'];

describe('BrandIcon before its marks are here', () => {
  it('draws a blank face of the same size, then the mark once its chunk is in', async () => {
    const { container } = render(<BrandIcon brand="Visa" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('width')).toBe('32');
    expect(svg.hasAttribute('data-brand-mark')).toBe(false);
    expect(svg.querySelector('path')).toBeNull();
    await act(() => loadBrandMarks());
    expect(svg.getAttribute('data-brand-mark')).toBe('Visa');
    expect(svg.querySelector('path')).not.toBeNull();
  });
});

describe('BrandIcon', () => {
  beforeAll(async () => {
    await loadBrandMarks();
  });

  it.each(BRANDS)('draws %s as a decorative inline SVG without style attributes', (brand) => {
    const { container } = render(<BrandIcon brand={brand} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('width')).toBe('32');
    expect(svg.getAttribute('height')).toBe('20');
    // The page's CSP forbids inline styles.
    expect(container.querySelector('[style]')).toBeNull();
  });
});

describe('brand marks', () => {
  beforeAll(async () => {
    await loadBrandMarks();
  });

  const draw = (brand: Brand) => render(<BrandIcon brand={brand} />).container.querySelector('svg')!;

  it('draws Mastercard as its two overlapping circles, red and orange, and their overlap', () => {
    const svg = draw('MasterCard');
    expect([...svg.querySelectorAll('circle')].map((c) => c.getAttribute('fill'))).toEqual(['#eb001b', '#f79e1b']);
    expect(svg.querySelector('path')?.getAttribute('fill')).toBe('#ff5f00');
  });

  it("draws Visa's wordmark as shapes in Visa blue, not as text", () => {
    const svg = draw('Visa');
    expect(svg.querySelector('text')).toBeNull();
    expect(svg.querySelector('g')?.getAttribute('fill')).toBe('#1434cb');
  });

  it("draws American Express's blue box, Discover's orange disc and Verve's red disc", () => {
    expect(draw('AmericanExpress').querySelector('rect')?.getAttribute('fill')).toBe('#016fd0');
    expect(draw('Discover').querySelector('circle')?.getAttribute('fill')).toBe('#f58220');
    expect(draw('Verve').querySelector('circle')?.getAttribute('fill')).toBe('#e30613');
  });

  it('draws every brand differently', () => {
    const drawn = BRANDS.map((brand) => draw(brand).innerHTML);
    expect(new Set(drawn).size).toBe(BRANDS.length);
  });
});

describe('BrandList', () => {
  it('lists the brands under its label, each named for screen readers', () => {
    const names = ruleMessages.en.card.brand;
    render(<BrandList brands={['Verve', 'Visa', 'MasterCard']} label="Accepted cards" nameOf={(b) => names[b]} />);
    const list = screen.getByRole('list', { name: 'Accepted cards' });
    const items = within(list).getAllByRole('listitem');
    // The icons are hidden from screen readers; the name beside each is what they read.
    const named = items.map((item) => [...item.children].filter((child) => child.getAttribute('aria-hidden') !== 'true'));
    expect(named.map((children) => children.map((child) => child.textContent).join(''))).toEqual(['Verve', 'Visa', 'Mastercard']);
  });
});
