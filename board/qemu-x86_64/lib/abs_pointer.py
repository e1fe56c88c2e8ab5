# An absolute pointer like QEMU's usb-tablet: ABS_X/ABS_Y 0..32767 and a left button, no INPUT_PROP_DIRECT.
# Used by kms-e2e.sh (python3-libevdev).
import time
import libevdev
from libevdev import InputEvent, InputAbsInfo, EV_ABS, EV_KEY, EV_SYN
d = libevdev.Device()
d.name = "kms-e2e tablet"
d.enable(EV_ABS.ABS_X, InputAbsInfo(minimum=0, maximum=32767))
d.enable(EV_ABS.ABS_Y, InputAbsInfo(minimum=0, maximum=32767))
d.enable(EV_KEY.BTN_LEFT)
d.enable(EV_KEY.BTN_RIGHT)
u = d.create_uinput_device()
time.sleep(2.5)
syn = InputEvent(EV_SYN.SYN_REPORT, 0)
u.send_events([InputEvent(EV_ABS.ABS_X, 8192), InputEvent(EV_ABS.ABS_Y, 16384), syn])
time.sleep(0.05)
u.send_events([InputEvent(EV_KEY.BTN_LEFT, 1), syn])
time.sleep(0.05)
u.send_events([InputEvent(EV_ABS.ABS_X, 16384), syn])
time.sleep(0.05)
u.send_events([InputEvent(EV_KEY.BTN_LEFT, 0), syn])
time.sleep(0.5)
print("abs_pointer: moved to 0.25,0.5, pressed, moved to 0.5,0.5, released", flush=True)
