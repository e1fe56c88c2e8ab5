#!/usr/bin/env python3
"""notify_listener.py SOCKET - the socket systemd listens on for sd_notify: binds SOCKET (a datagram socket
anyone may write to) and prints each message on one line, newlines as " | ", after its arrival time in ms."""
import os
import socket
import sys
import time

s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
os.chmod(sys.argv[1], 0o777)
while True:
    message = s.recv(4096).decode()
    print(time.clock_gettime_ns(time.CLOCK_REALTIME) // 1000000, message.replace("\n", " | "), flush=True)
