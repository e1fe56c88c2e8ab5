# Sourced by the e2e tests that drive `bannerd run` through its control socket: the binary, the socket and the
# helpers they share. The test sets TEST (its name, for FAIL lines) before sourcing. The guest's working folder is
# the output folder, where run-e2e keeps run.log: bannerd's own log goes to bannerd.log.
# The binaries as they ship (release): run-e2e builds them before the first guest boots.
BIN=${BANNERD_BIN:-$QEMU_RUN_BOARD/../../.build/release/bannerd}
LIB=$QEMU_RUN_BOARD/lib
SOCK=${BANNERD_SOCK:-/run/bannerd-test.sock} # or the service's
status=0
fail() { echo "$TEST: FAIL: $*"; status=1; }
# The status, which the tests poll, is read through one `bannerd ctl -` started here for the test's socket: a read by
# `bannerd ctl status` and sed, each started anew, cost the emulated CPU 450 ms (bannerd maps and binds thirty
# libraries), and a test polling every 0.1 s left bannerd little of the CPU it was judged on. Other commands, and the status of another
# socket, start `bannerd ctl` as a user does. The status is parsed in bash, not by sed or python: each process started
# costs the emulated CPU 80 ms or more.
# The coprocess's own descriptors are closed in a pipeline's subshells (`ctl status | grep`): copies of them are not.
coproc STATUS_PIPE { exec "$BIN" ctl --socket "$SOCK" -; }
exec {status_to}>&"${STATUS_PIPE[1]}" {status_from}<&"${STATUS_PIPE[0]}"
status_pipe_pid=$STATUS_PIPE_PID status_pipe_socket=$SOCK
ctl() {
    # (and if that process has ended: a board whose package a power cut left half-installed)
    if [[ $* != status || $SOCK != "$status_pipe_socket" ]] || ! kill -0 "$status_pipe_pid" 2>/dev/null; then
        "$BIN" ctl --socket "$SOCK" "$@"
        return
    fi
    piped status || return 1
    echo "$answer"
    [[ $answer != error:* ]]
}
# COMMAND...: sent through that `bannerd ctl -`, its answer line in $answer (no subshell: each costs the emulated CPU):
# for the test's own socket, where half a second to start `bannerd ctl` is too long (a capture during a slide).
piped() { echo "$*" >&"$status_to" && read -r answer <&"$status_from"; }
# The last match of REGEX in STATUS, its groups in BASH_REMATCH (the top-level fields follow the list of outputs).
status_match() { [[ $1 =~ .*$2 ]]; }
# One top-level field of the status JSON.
field() {
    local status
    status=$(ctl status) && status_match "$status" "\"$1\":\"?([^,\"}]*)" && echo "${BASH_REMATCH[1]}"
}
# nap SECONDS: sleep without starting a process (`sleep` cost the emulated CPU 190 ms a call, each poll): a read with
# a timeout on a pipe that never has data, as this shell holds its writing end.
exec {nap_never}<> <(:)
nap() { read -rt "$1" -u "$nap_never" || true; }
wait_until() { # SECONDS COMMAND...: retry COMMAND every POLL seconds (default 1: the guest has one CPU)
    local deadline=$((SECONDS + $1)); shift
    until "$@" >/dev/null 2>&1; do ((SECONDS < deadline)) || return 1; nap "${POLL:-1}"; done
}
ms() { echo $(($(date +%s%N) / 1000000)); }
settled_on() { # INDEX: at rest on banner INDEX, both read from one status (two reads could straddle a slide); the first
    # output's figures, which follow the list of outputs
    local status
    status=$(ctl status) || return 1
    [[ $status == *'"phase":"rest"'* && $status == *"],\"index\":$1,"* ]]
}
display() { # the connector driven and its mode ("Virtual-1 1024x768"), None while bannerd waits for one
    local status
    status=$(ctl status) || return 1
    [[ $status == *'"display":null'* ]] && { echo None; return; }
    status_match "$status" '"connector":"([^"]*)","mode":"([^"]*)"' && echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
}
output_field() { # OUTPUT KEY: one field of OUTPUT's entry in the status's list of outputs
    local status entry
    status=$(ctl status) && status_match "$status" "\\{\"name\":\"$1\",([^}]*)\\}" || return 0
    entry=${BASH_REMATCH[1]}
    status_match "$entry" "\"$2\":\"?([^,\"]*)" && echo "${BASH_REMATCH[1]}"
}
shows() { local now; now=$(display); [[ $now == "$1" || $now == "$1 "* ]]; } # CONNECTOR [MODE], or None
# Drawn since `$1` frames, and every banner on screen shown as itself (not a placeholder).
shown_after() { (($(field frames_rendered) > $1)) && (($(field placeholders_on_screen) == 0)); }
# Drawn, and every banner on screen shown as itself (not a placeholder).
banners_shown() { (($(field frames_rendered) > 0)) && [ "$(field placeholders_on_screen)" = 0 ]; }
start_content() { # AUTOPLAY: ./content checked for an 800x480 screen, then `bannerd run` on it at scale 1 with
    # that autoplay, in the background ($pid, its log in bannerd.log), until its banners show; the test ends if not
    printf '[display]\nscale = 1\n' > bannerd.toml
    "$BIN" check --content content --size 800x480 || fail "check found problems in the content"
    "$BIN" run --config bannerd.toml --content content --control "$SOCK" --autoplay "$1" > bannerd.log 2>&1 &
    pid=$!
    wait_until 120 banners_shown || { fail "banners not shown: $(ctl status)"; cat bannerd.log; exit 1; }
}
still_shot() { # NAME: a screendump of the carousel at rest, taken again when a frame was drawn while it was taken
    # (autoplay may slide at any moment, and a screendump takes seconds on a loaded host)
    local try before
    for try in 1 2 3 4 5; do
        wait_until 60 eval '[ "$(field phase)" = rest ]' || return 1
        before=$(field frames_rendered)
        shot "$1" || return 1
        [ "$(field frames_rendered)" = "$before" ] && [ "$(field phase)" = rest ] && return 0
        echo "$1: a frame was drawn while the screendump was taken (try $try); taking it again"
    done
    return 1
}
same_as_screendump() { # NAME: `ctl screenshot` (the frame composed from what was drawn) and QEMU's screendump (the
    # frame on glass) of the same still frame, compared pixel for pixel on the host once the guest has ended: the
    # test names lib/same-later.sh in a `# qemu-run-after:` line (the emulated CPU took 15 to 20 s a pair)
    ctl screenshot "ctl-$1.png" || { fail "ctl screenshot $1"; return; }
    shot "qemu-$1" || { fail "no screendump qemu-$1"; return; }
    echo "$1" >> same-later
}
rest_for_screendumps() { # MIN: the seconds a rest must last to hold a still screendump, from what a screendump and
    # two status reads cost on this host now, four times over (a loaded host takes seconds for one), and MIN at least
    local started cost rest
    started=$(ms)
    shot probe || return 1
    ctl status > /dev/null
    ctl status > /dev/null
    cost=$(($(ms) - started))
    rest=$(((4 * cost + 999) / 1000))
    ((rest >= $1)) || rest=$1
    echo "a screendump and two status reads took $cost ms: each rest lasts $rest s" >&2
    echo "$rest"
}
