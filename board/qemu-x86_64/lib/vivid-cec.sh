# HDMI-CEC buses for the tests (sourced; qemu-run --late-module vivid, packages v4l-utils), from the kernel's vivid
# driver: emulated HDMI inputs and outputs, each with a CEC adapter, an instance's on one bus with its real timing.
#   cec_adapter NAME   the /dev/cecN whose adapter has that name (vivid-000-vid-cap0, vivid-000-vid-out1, ...)
#   vivid_cec [2]      loads vivid and makes each input's adapter a TV (cec-ctl --tv); the test starts cec-follower
#                      on a TV's adapter to play it. One bus (the default): an input, TV_ADAPTER, and two outputs,
#                      OUT0_ADAPTER and OUT1_ADAPTER. With 2: two buses, a TV and an output each, as a board with a TV
#                      on each HDMI port has them: TV_ADAPTER and OUT0_ADAPTER, TV1_ADAPTER and OUT1_ADAPTER.
cec_adapter() {
    local d
    for d in /dev/cec*; do cec-ctl -d "$d" 2>/dev/null | grep -q "Adapter Name *: $1\$" && echo "$d" && return; done
    return 1
}
vivid_cec() {
    local buses=${1:-1} options last
    if ((buses == 2)); then
        options=(n_devs=2 node_types=0x101,0x101 num_inputs=1,1 input_types=0x3,0x3 num_outputs=1,1 output_types=0x1,0x1)
        last=vivid-001-vid-out0
    else
        options=(n_devs=1 node_types=0x101 num_inputs=1 input_types=0x3 num_outputs=2 output_types=0x3)
        last=vivid-000-vid-out1
    fi
    busybox insmod /run/qemu-run/late/vivid.ko "${options[@]}" no_error_inj=1 ||
        { echo "vivid_cec: insmod vivid.ko failed"; return 1; }
    local deadline=$((SECONDS + 10))
    until cec_adapter $last > /dev/null; do
        ((SECONDS < deadline)) || { echo "vivid_cec: no CEC adapters for vivid's HDMI outputs"; return 1; }
        sleep 0.3
    done
    TV_ADAPTER=$(cec_adapter vivid-000-vid-cap0) && OUT0_ADAPTER=$(cec_adapter vivid-000-vid-out0) ||
        { echo "vivid_cec: no CEC adapter for vivid's HDMI input or first output"; return 1; }
    if ((buses == 2)); then
        TV1_ADAPTER=$(cec_adapter vivid-001-vid-cap0) && OUT1_ADAPTER=$(cec_adapter vivid-001-vid-out0) &&
            cec-ctl -d "$TV1_ADAPTER" --tv > /dev/null || { echo "vivid_cec: no second TV"; return 1; }
    else
        OUT1_ADAPTER=$(cec_adapter vivid-000-vid-out1)
    fi
    cec-ctl -d "$TV_ADAPTER" --tv > /dev/null || { echo "vivid_cec: cec-ctl --tv failed"; return 1; }
}
