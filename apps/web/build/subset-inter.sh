#!/bin/sh
# Cuts src/assets/fonts/inter-basic-latin-wght.woff2 from @fontsource-variable/inter's latin file:
# basic Latin and the few marks the app prints, weights 400 to 800 (font-normal to font-extrabold,
# all the app uses), no optional OpenType features but tabular figures. 19 KiB instead of 47, so a
# diner's first load stays within its budget (docs/performance.md). Run it again after
# upgrading the font package, and keep its unicode-range in src/index.css in step.
# Needs fontTools with brotli (Debian: apt-get install python3-fonttools python3-brotli).
set -eu
cd "$(dirname "$0")/.."
source=../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m fontTools.varLib.instancer "$source" wght=400:800 -o "$work/ranged.ttf"
python3 -m fontTools.subset "$work/ranged.ttf" \
  --unicodes='U+0020-007E,U+00A0,U+00A9,U+00B7,U+00D7,U+00E9,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+20AC,U+2192,U+2212' \
  --layout-features='kern,liga,calt,ccmp,locl,mark,mkmk,tnum' \
  --flavor=woff2 --output-file=src/assets/fonts/inter-basic-latin-wght.woff2
