#!/usr/bin/env bash
# Adds the LitLens bundle this script sits in to the desktop menu of the current user (or, with
# PREFIX=/usr/local and root, of everyone): a .desktop entry whose Exec is this folder's executable,
# and the icons under PREFIX/share/icons/hicolor. Run it again after moving the folder.
set -euo pipefail

bundle="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ -n "${PREFIX:-}" ]; then data="$PREFIX/share"; else data="${XDG_DATA_HOME:-$HOME/.local/share}"; fi

mkdir -p "$data/applications" "$data/icons"
cp -r "$bundle/share/icons/." "$data/icons/"
sed -e "s|^Exec=.*|Exec=\"$bundle/litlens\" gui|" \
    "$bundle/share/applications/litlens.desktop" > "$data/applications/litlens.desktop"
command -v update-desktop-database >/dev/null && update-desktop-database -q "$data/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -qtf "$data/icons/hicolor" || true
echo "installed $data/applications/litlens.desktop (runs $bundle/litlens gui)"
