#!/usr/bin/python3
"""Pack a staging directory into a gzip'd "newc" cpio archive (a Linux initramfs).

Written here so the board needs neither cpio nor root-owned files on the host:
every entry is stored as uid/gid 0 with its mode from the staging tree, and
mtimes are zeroed so the same inputs always give the same bytes.

The kernel opens /dev/console for init before init can mount devtmpfs, so
character device nodes can be added without root: --node dev/console:5:1.

usage: mkcpio.py STAGING_DIR OUTPUT.cpio.gz [--node PATH:MAJOR:MINOR]...
"""

import gzip
import os
import stat
import sys


def header(ino, mode, nlink, size, name, rdev=(0, 0)):
    namesize = len(name) + 1
    # ino mode uid gid nlink mtime filesize devmajor devminor rdevmajor rdevminor namesize check
    fields = [ino, mode, 0, 0, nlink, 0, size, 0, 0, rdev[0], rdev[1], namesize, 0]
    head = b"070701" + b"".join(b"%08X" % f for f in fields)
    return pad(head + name + b"\0")


def pad(data):
    return data + b"\0" * (-len(data) % 4)


def main():
    args = sys.argv[1:]
    nodes = []
    while "--node" in args:
        i = args.index("--node")
        path, major, minor = args[i + 1].split(":")
        nodes.append((path.encode(), int(major), int(minor)))
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit("usage: mkcpio.py STAGING_DIR OUTPUT.cpio.gz [--node PATH:MAJOR:MINOR]...")
    root, out = args
    entries = []
    for dirpath, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(dirs + files):
            entries.append(os.path.join(dirpath, name))
    tmp = f"{out}.tmp.{os.getpid()}"  # two runs may build the same archive at once
    with open(tmp, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as z:
        for ino, path in enumerate(sorted(entries), start=1):
            st = os.lstat(path)
            name = os.path.relpath(path, root).encode()
            if stat.S_ISLNK(st.st_mode):
                data = os.readlink(path).encode()
            elif stat.S_ISREG(st.st_mode):
                with open(path, "rb") as f:
                    data = f.read()
            elif stat.S_ISDIR(st.st_mode):
                data = b""
            else:
                sys.exit(f"mkcpio.py: {path}: only files, dirs and symlinks are supported")
            nlink = 2 if stat.S_ISDIR(st.st_mode) else 1
            z.write(header(ino, st.st_mode, nlink, len(data), name))
            z.write(pad(data))
        for ino, (name, major, minor) in enumerate(nodes, start=len(entries) + 1):
            z.write(header(ino, stat.S_IFCHR | 0o600, 1, 0, name, (major, minor)))
        z.write(header(0, 0, 1, 0, b"TRAILER!!!"))
    os.replace(tmp, out)


if __name__ == "__main__":
    main()
