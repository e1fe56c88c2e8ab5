#!/bin/bash
# Content pushed while the carousel plays, the two ways fleets feed a screen (docs/content-directory.md):
#   rsync      `rsync -a --delete-delay --delay-updates` replaces the whole set (new images under the same and
#              new names, a new banners.toml) while autoplay slides: the carousel goes from the old set to the
#              new one in one reload (no banner lost or half-written on the way), no frame with a placeholder,
#              and how long after the end of the copy the new set is on screen
#   syncthing  files arriving as Syncthing writes them (.syncthing.NAME.tmp, then renamed), banners.toml before
#              the image it names: the temporary files are never shown nor named in the log, the banner waits
#              for its image (one line says so) and shows once the image is renamed into place
# The binary as it ships (release): how soon new content is on screen depends on how fast banners render.
# qemu-run: packages python3 rsync
# qemu-run-args: --size 640x480 --timeout 300
set -uo pipefail
TEST=content-push
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"

content=$(mktemp -d)/content  # the guest's root is read-only; /tmp is not
mkdir -p "$content" pictures
# Pictures for the banners: frames of the demo carousel at a few sizes (PNG files of 50 to 300 KB).
for size in 1024x576 800x600 640x360 800x450 1024x768 720x540; do
    "$BIN" render --size "$size" --seconds 0 --out "pictures/$size" > /dev/null || { fail "render $size"; exit 1; }
done
make_set() { # DIR BANNER:SIZE...: one image banner per argument, and the banners.toml listing them
    local dir=$1 entry; shift
    rm -rf "$dir" && mkdir -p "$dir"
    for entry in "$@"; do
        cp "pictures/${entry#*:}/frame-00000.png" "$dir/${entry%%:*}.png"
        printf '[[banner]]\nid = "%s"\ntitle = "Banner %s"\nimage = "%s.png"\n\n' "${entry%%:*}" "${entry%%:*}" \
            "${entry%%:*}" >> "$dir/banners.toml"
    done
}
make_set set-a a:1024x576 b:800x600 c:640x360
make_set set-b a:800x450 d:1024x768 e:720x540 f:640x360  # a.png replaced under its name, b and c gone
rsync -a set-a/ "$content/"

launched=$(ms)
"$BIN" run --content "$content" --control "$SOCK" --autoplay 2 > bannerd.log 2>&1 &
pid=$!
wait_until 90 banners_shown || { fail "banners not shown: $(ctl status)"; cat bannerd.log; exit 1; }
# The first frame waits for its three banners (the centre and both ears): this run's cost of a banner, start-up
# included, so an overestimate. It sets the bound on how soon the new set may come below.
per_banner=$((($(ms) - launched) / 3))
# Every banner of the first set on screen once, so the start-up placeholders are behind.
wait_until 60 settled_on 2 && wait_until 60 settled_on 0 || fail "autoplay did not go round: $(ctl status)"
before=$(field placeholder_frames)
echo "placeholder frames after start-up: $before"

echo "== rsync replaces the whole set while autoplay slides"
t0=$(ms)
rsync -a --delete-delay --delay-updates set-b/ "$content/" || fail "rsync failed"
copied=$(ms)
POLL=0.2 wait_until 60 eval '[ "$(field count)" = 4 ]' || fail "the new set is not shown: $(ctl status)"
shown=$(ms)
echo "rsync took $((copied - t0)) ms; the new set was on screen $((shown - copied)) ms after the end of the copy" \
    "(300 ms of quiet, the new banners rendered on the emulated CPU, the carousel's next rest, ctl's polling)"
# Staging waits for the new banners around the centre (all four here) as long as they keep coming
# (RenderingPatience), then for the carousel's next rest (autoplay every 2 s). The bound: 300 ms of quiet, four
# banners at twice this run's start-up cost each (the load beside may change), the next rest, ctl's polling and
# 2 s to spare. Measured: 1.5-1.8 s on the machine of an earlier session, 3.9-7.1 s on a slower one.
bound=$((300 + 4 * 2 * per_banner + 2000 + 200 + 2000))
echo "bound: $bound ms (a banner cost at most $per_banner ms at start-up)"
((shown - copied <= bound)) || fail "the new set came $((shown - copied)) ms after the copy (bound $bound ms)"
# One reload for the copy (rsync renames everything in at the end), from 3 banners straight to 4.
grep "content reloaded" bannerd.log
[ "$(grep -c "content reloaded" bannerd.log)" = 1 ] && grep -q "content reloaded: 4 banner(s)" bannerd.log \
    || fail "the copy was not taken in one reload of the whole new set"
# Polled often: autoplay rests 2 s on each banner, and a poll period near a divisor of the cycle could miss one's
# rest every time on a loaded guest (a round beside a build did).
POLL=0.2 wait_until 60 settled_on 3 && POLL=0.2 wait_until 60 settled_on 0 || fail "autoplay did not go round the new set"
after_rsync=$(field placeholder_frames)
echo "placeholder frames: $before before the copy, $after_rsync after the new set went round"
((after_rsync == before)) || fail "$((after_rsync - before)) frame(s) with a placeholder during the swap"

echo "== Syncthing: temporary files renamed into place, banners.toml before its image"
cp set-b/banners.toml .syncthing.banners.toml.tmp
printf '[[banner]]\nid = "g"\nimage = "g.png"\n' >> .syncthing.banners.toml.tmp
mv .syncthing.banners.toml.tmp "$content/.syncthing.banners.toml.tmp"
mv "$content/.syncthing.banners.toml.tmp" "$content/banners.toml"
# The image arrives in pieces into its temporary file, then is renamed.
head -c 20000 pictures/1024x768/frame-00000.png > "$content/.syncthing.g.png.tmp"
sleep 2
wait_until 30 eval 'grep -qF "left out (image missing, no text): g" bannerd.log' \
    || fail "no line about the banner waiting for g.png"
[ "$(field count)" = 4 ] || fail "a banner without its image was shown: $(ctl status)"
cat pictures/1024x768/frame-00000.png > "$content/.syncthing.g.png.tmp"
mv "$content/.syncthing.g.png.tmp" "$content/g.png"
wait_until 60 eval '[ "$(field count)" = 5 ]' || fail "g.png was not shown once in place: $(ctl status)"
wait_until 60 settled_on 4 && wait_until 60 settled_on 0 || fail "autoplay did not go round with g"
after_sync=$(field placeholder_frames)
echo "placeholder frames after Syncthing's files: $after_sync"
((after_sync == before)) || fail "$((after_sync - before)) frame(s) with a placeholder during Syncthing's update"
grep -n "syncthing" bannerd.log && fail "a temporary file was named in the log"
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
grep -v "screenshot:" bannerd.log
exit $status
