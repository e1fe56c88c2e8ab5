#!/bin/bash
# The next release of a package, as an upgrade brings it: the same tree under VERSION+test1, for tests/systemd.sh's
# check 9. Made on the host before the guest boots: unpacking and packing 10 MB again took 40 s on the emulated CPU.
# Usage: upgrade-deb.sh DEB OUT      (OUT: the .deb to write)
set -euo pipefail
deb=$1 out=$2
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
dpkg-deb -R "$deb" "$tree/pkg"
version=$(dpkg-deb -f "$deb" Version)
sed -i "s/^Version: .*/Version: $version+test1/" "$tree/pkg/DEBIAN/control"
# gzip at its fastest: the test's own package, read once; xz took 10 s here on an idle host (20 s in CI) and longer
# to unpack on the emulated CPU, against 0.3 s (the shipped package's xz is proven by scripts/test-deb).
dpkg-deb --root-owner-group -Zgzip -z1 --build "$tree/pkg" "$out" > /dev/null
echo "upgrade-deb: $out: version $version+test1 of ${deb##*/}"
