#!/usr/bin/env bash
# Builds the one-folder LitLens bundle with PyInstaller from packaging/litlens.spec.
#
#   packaging/build.sh [OUTDIR]      (default OUTDIR: packaging/dist)
#
# Uses the Python in $PYTHON, else `python3` on PATH: the environment where litlens is installed
# (pip install -e ".[test]" brings PyInstaller). The bundle lands in OUTDIR/litlens/, with the desktop
# entry, PNG icons and install-desktop.sh beside the executable; PyInstaller's work files go to
# OUTDIR/.work so a rebuild into the same OUTDIR reuses its cache.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
out="${1:-$here/dist}"
py="${PYTHON:-python3}"

mkdir -p "$out"
out="$(cd "$out" && pwd)"

if ! "$py" -c "import PyInstaller" 2>/dev/null; then
    echo "build.sh: PyInstaller is not installed for $py (pip install pyinstaller)" >&2
    exit 2
fi

start=$(date +%s)
"$py" -m PyInstaller --noconfirm --log-level WARN \
    --distpath "$out" --workpath "$out/.work" "$here/litlens.spec"

bundle="$out/litlens"
# Desktop integration files travel inside the bundle; install-desktop.sh points them at wherever the
# folder ends up, since a .desktop Exec line needs an absolute path for a program not on PATH.
"$py" "$here/render_icon.py" "$root/resources/icons/litlens.svg" "$bundle/share/icons/hicolor" >/dev/null
mkdir -p "$bundle/share/icons/hicolor/scalable/apps" "$bundle/share/applications"
cp "$root/resources/icons/litlens.svg" "$bundle/share/icons/hicolor/scalable/apps/litlens.svg"
sed -e 's|^Exec=.*|Exec=litlens gui|' "$here/litlens.desktop" > "$bundle/share/applications/litlens.desktop"
cp "$here/install-desktop.sh" "$bundle/install-desktop.sh"
chmod +x "$bundle/install-desktop.sh"

elapsed=$(( $(date +%s) - start ))
size="$(du -sh "$bundle" | cut -f1)"
echo "built $bundle/litlens in ${elapsed}s, bundle size $size"
