import { describe, it, expect } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { BrandIcon, BrandList } from './BrandIcons';
import { ruleMessages } from './ruleMessages';
import type { Brand } from './rules';

const BRANDS: Brand[] = ['Verve', 'MasterCard', 'Visa', 'AmericanExpress', 'Afrigo', 'Discover'];

describe('BrandIcon', () => {
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
