#!/bin/bash
# Content that changes while bannerd runs: a CMS writes a new banners.toml next to the old one and renames it
# into place; the carousel shows the new list without a restart, and keeps the banner on screen if it remains.
# A broken update (syntax error) keeps the banners shown; a banner whose only content is a missing image is
# left out. A tap on a banner naming one of the configuration's [actions] runs that program (no shell) with the
# banner and its parameters in its environment, its output logged.
# qemu-run: packages python3
# qemu-run-args: --size 800x600 --timeout 200
set -uo pipefail
TEST=live-content
content=$(mktemp -d)
BANNERD_SOCK=$content.sock
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"
POLL=0.3
count_is() { [ "$(field count)" = "$1" ]; }
manifest() { # ID...: one title-only banner per id, written beside the live file and renamed over it
    for id in "$@"; do printf '[[banner]]\nid = "%s"\ntitle = "Banner %s"\n\n' "$id" "$id"; done > "$content/.banners.toml.new"
    mv "$content/.banners.toml.new" "$content/banners.toml"
}
manifest a b
# The admin's actions: banners.toml can only name one of these.
printf '[actions]\ntap-test = ["%s", "one two", "$HOME"]\n' "$content.act.sh" > "$content.toml"
"$BIN" run --config "$content.toml" --content "$content" --control "$SOCK" --autoplay 0 > bannerd.log 2>&1 &
pid=$!
wait_until 60 count_is 2 || fail "did not start with 2 banners"
ctl goto 1 && sleep 1
manifest x b c
wait_until 20 count_is 3 || fail "new content not shown: $(ctl status)"
[ "$(field index)" = 1 ] || fail "banner b should stay on screen (index 1): $(ctl status)"
grep -q "content reloaded: 3 banner" bannerd.log || fail "no log line for the reload"

echo "== a broken update keeps the banners shown"
printf '[[banner]]\nid = "half\n' > "$content/.banners.toml.new" && mv "$content/.banners.toml.new" "$content/banners.toml"
wait_until 20 grep -q "content update is broken" bannerd.log || fail "no log line for the broken update"
[ "$(field count)" = 3 ] || fail "a broken update changed the banners: $(ctl status)"

echo "== a banner with a missing image is left out, the rest swap in"
{ printf '[[banner]]\nid = "gone"\nimage = "gone.png"\n\n'; printf '[[banner]]\nid = "y"\ntitle = "Y"\n'; } \
    > "$content/.banners.toml.new" && mv "$content/.banners.toml.new" "$content/banners.toml"
wait_until 20 count_is 1 || fail "the valid banner did not swap in: $(ctl status)"
grep -q "left out (image missing, no text): gone" bannerd.log || fail "no log line for the banner left out"

echo "== a tap runs the banner's action"
printf '#!/bin/sh\necho "args: $*"\nenv | grep ^BANNERD_\necho oops >&2\nexit 3\n' > "$content.act.sh"
chmod +x "$content.act.sh"
reloads() { grep -c "content reloaded: 1 banner" bannerd.log; }
before=$(reloads)
printf '[[banner]]\nid = "act"\ntitle = "Tap me"\naction = "tap-test"\nparameters = { offer = "spring; id" }\n' \
    > "$content/.banners.toml.new" && mv "$content/.banners.toml.new" "$content/banners.toml"
# The tap must land on the new banner: wait for its reload, not for a time.
wait_until 20 eval '(($(reloads) > before))' || fail "the banner with the action was not loaded: $(ctl status)"
touch.py - <<< $'0 down 400 300\n60 up'
wait_until 30 grep -q "action of banner act ended" bannerd.log || fail "the action did not run to its end"
for line in 'action of banner act: args: one two $HOME' 'action of banner act: BANNERD_BANNER_ID=act' \
    'action of banner act: BANNERD_BANNER_INDEX=0' 'action of banner act: BANNERD_PARAM_OFFER=spring; id' \
    'action of banner act: oops' \
    'action of banner act ended with exit status 3'; do
    grep -qF "$line" bannerd.log || fail "missing log line: $line"
done
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
cat bannerd.log
exit $status
