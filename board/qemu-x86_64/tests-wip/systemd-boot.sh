#!/bin/bash
# Boot only: systemd as PID 1 (qemu-run --systemd), what it started and how long it took.
# qemu-run-args: --systemd --size 1024x768 --timeout 300
echo "PID 1: $(ps -o comm= -p 1)"
systemd-analyze time
systemctl is-system-running
systemctl list-units --failed --plain --no-legend
systemd-analyze blame | head -n 25
systemd-analyze critical-chain qemu-run-test.service
findmnt -o TARGET,FSTYPE,OPTIONS | head -30
free -m
ls -la /dev/dri /dev/tty1
[ "$(ps -o comm= -p 1)" = systemd ]
