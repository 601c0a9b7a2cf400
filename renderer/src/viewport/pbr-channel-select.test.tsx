/**
 * The "PBR channel" picker that the viewport's toolbar and compare's share:
 * an artist reads the channels by name, picks one to see it alone, and picks
 * "Full material" to go back.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PbrChannelSelect } from './overlays';

describe('PBR channel picker', () => {
  it('lists the full material then each channel by its name', () => {
    render(<PbrChannelSelect channel={null} onChange={() => {}} />);
    const select = screen.getByLabelText('PBR channel') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Full material', 'Base colour', 'Metallic', 'Roughness', 'Normal', 'Emissive', 'Occlusion']);
    expect(select.selectedOptions[0]!.textContent).toBe('Full material');
  });

  it('shows the chosen channel, and answers the channel picked or null for the full material', () => {
    const onChange = vi.fn();
    render(<PbrChannelSelect channel="roughness" onChange={onChange} />);
    const select = screen.getByLabelText('PBR channel') as HTMLSelectElement;
    expect(select.selectedOptions[0]!.textContent).toBe('Roughness');
    fireEvent.change(select, { target: { value: 'normal' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange.mock.calls).toEqual([['normal'], [null]]);
  });
});
