#!/bin/bash
# Run on the host before the aarch64 board boots (tests/board.sh's host step): what `apt-get install
# --no-install-recommends ./bannerd_VERSION_arm64.deb` needs on the board's root besides what that root has, as a
# local apt repository the offline guest reads (REPO/Packages, REPO/*.deb). apt in the build root
# (scripts/build-root: Debian 13's archive, arm64 enabled) works it out from the package's Depends and the board
# root's own dpkg status (read from its disk with debugfs), and downloads it: the same closure apt would fetch on a
# board with network. Also prints the package's installed size on that root with and without its recommends.
# Usage: local-repo.sh DEB REPO   (REPO inside this repository: the build root sees nothing else)
set -euo pipefail
deb=$(realpath -e "${1:?local-repo.sh DEB REPO}")
repo=$(realpath -m "${2:?local-repo.sh DEB REPO}")
board=$(cd "$(dirname "$0")/.." && pwd)
build_root=$board/../../scripts/build-root
image=$("$board/guest-root")
state=$repo.state # the board's dpkg status, in a folder of its own: apt keeps dpkg's other files beside it
rm -rf "$repo" "$state"
mkdir -p "$repo/partial" "$state"
debugfs -R "dump /var/lib/dpkg/status $state/status" "$image" > /dev/null 2>&1
[ -s "$state/status" ] || { echo "local-repo: no dpkg status in $image" >&2; exit 1; }
cp "$deb" "$repo/"
inside=$("$build_root" --path "$repo")
# apt as the board's: arm64 its only architecture, the board's dpkg status, nothing locked or written in the root.
apt_board=(apt-get -o APT::Architecture=arm64 -o APT::Architectures::=arm64 -o "Dir::State::status=$inside.state/status"
    -o "Dir::Cache::archives=$inside" -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
size() { # APT-OPTIONS...: "After this operation" of an install not carried out
    "$build_root" --run "${apt_board[@]}" install --assume-no "$@" "$inside/${deb##*/}" 2>&1 |
        sed -n 's/^After this operation, \(.*\) of additional disk space will be used\./\1/p'
}
echo "local-repo: ${deb##*/} on the board's Debian 13 minbase root: $(size --no-install-recommends) installed," \
    "$(size) with its recommends"
"$build_root" --run "${apt_board[@]}" install -y -q --download-only --no-install-recommends "$inside/${deb##*/}" \
    > "$repo/apt.log" 2>&1 || { tail -n 20 "$repo/apt.log" >&2; echo "local-repo: apt could not resolve or fetch" >&2; exit 1; }
rm -rf "$repo/${deb##*/}" "$repo/lock" "$repo/partial" "$state"
"$build_root" --run bash -c 'cd "$1" && dpkg-scanpackages --multiversion . > Packages' bash "$inside" 2> /dev/null
echo "local-repo: $(ls "$repo"/*.deb | wc -l) packages ($(du -sm "$repo" | cut -f1) MB) for the board's offline apt"
