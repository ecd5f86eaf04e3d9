#!/usr/bin/env python3
"""
Builds cormorant-garamond-latin-600-normal.woff2 (beside this file) from the
@fontsource/cormorant-garamond latin subset, with the acute and grave accents of the
precomposed letters centred over their letter.

Why: Cormorant Garamond 4.x places the acute's bottom tip over the letter's centre, so
the whole accent sits 45–73 units (of 1000) to the right of 'é í ó ú ý' (the grave as
far to the left): in the large headings the accent reads as shifted off its letter,
and on the narrow 'í' it overhangs the next letter and opens a gap
(docs/decisions/0022-endurecimiento-ux.md). Circumflex, tilde and diaeresis are
centred already and are left alone. The font is under the SIL Open Font License 1.1,
which allows modified versions (no Reserved Font Name); OFL.txt travels with it.

Run (needs fontTools and brotli: Debian `apt-get install python3-fonttools python3-brotli`):
    python3 src/lib/theme/fonts/recenter-accents.py
The result is committed; the build does not run this.
"""
import os
import unicodedata

from fontTools.ttLib import TTFont

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, '../../../../node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2')
TARGET = os.path.join(HERE, 'cormorant-garamond-latin-600-normal.woff2')
MARKS = {'\u0300', '\u0301'}  # grave, acute


def contours(glyf, name):
    coords, ends, _ = glyf[name].getCoordinates(glyf)
    out, start = [], 0
    for end in ends:
        out.append(list(range(start, end + 1)))
        start = end + 1
    return coords, out


def main():
    font = TTFont(SOURCE)
    glyf = font['glyf']
    cmap = font.getBestCmap()
    moved = []
    for cp, name in sorted(cmap.items()):
        parts = unicodedata.normalize('NFD', chr(cp))
        if len(parts) != 2 or parts[1] not in MARKS or ord(parts[0]) not in cmap:
            continue
        base = cmap[ord(parts[0])]
        glyph = glyf[name]
        if glyph.isComposite():
            continue
        base_coords, base_contours = contours(glyf, 'dotlessi' if parts[0] == 'i' else base)
        base_top = max(y for _, y in base_coords)
        coords, cs = contours(glyf, name)
        accent = [i for c in cs if min(coords[i][1] for i in c) > base_top + 10 for i in c]
        if not accent:
            continue
        if parts[0] == 'i':
            # The dotted i's dot is where the eye expects the accent.
            i_coords, i_contours = contours(glyf, 'i')
            dot = max(i_contours, key=lambda c: min(i_coords[i][1] for i in c))
            centre = (min(i_coords[i][0] for i in dot) + max(i_coords[i][0] for i in dot)) / 2
        else:
            centre = (min(x for x, _ in base_coords) + max(x for x, _ in base_coords)) / 2
        accent_centre = (min(coords[i][0] for i in accent) + max(coords[i][0] for i in accent)) / 2
        dx = round(centre - accent_centre)
        if dx == 0:
            continue
        for i in accent:
            x, y = coords[i]
            coords[i] = (x + dx, y)
        glyph.coordinates = coords
        glyph.recalcBounds(glyf)
        advance, _ = font['hmtx'][name]
        font['hmtx'][name] = (advance, glyph.xMin)
        moved.append(f'{chr(cp)} {dx:+d}')
    names = font['name']
    for record in names.names:
        if record.nameID == 5:
            record.string = record.toUnicode() + '; accents centred for Spa Lima'
    font.flavor = 'woff2'
    font.save(TARGET)
    print('moved:', ', '.join(moved))


if __name__ == '__main__':
    main()
