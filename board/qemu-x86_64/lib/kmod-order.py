#!/usr/bin/python3
"""Print the .ko files needed for some kernel modules, dependencies first.

The extracted Debian kernel package has no modules.dep (depmod runs in its
postinst, which we skip), and the build machine may have no kmod.  Every .ko
carries its own hard dependencies in the ELF ".modinfo" section
("depends=a,b"), so we read those directly.  Modules may be xz-compressed
(.ko.xz, as Debian 13's are); names the kernel has built in (modules.builtin)
need no file and are left out.

usage: kmod-order.py MODULES_DIR NAME...   (MODULES_DIR = /lib/modules/VERSION)

A NAME that is a path to a .ko file is a module built out of tree (lib/vkms-module): that file, its dependencies
found under MODULES_DIR.
"""

import lzma
import os
import struct
import sys


def modinfo_depends(path):
    """Return the module names listed in the depends= tag of a .ko file."""
    with (lzma.open if path.endswith(".xz") else open)(path, "rb") as f:
        elf = f.read()
    if elf[:4] != b"\x7fELF" or elf[4] != 2 or elf[5] != 1:
        raise ValueError(f"{path}: not a little-endian ELF64 module")
    # ELF64 header: section header offset, entry size, count, string-table index.
    (shoff,) = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)

    def section(index):
        # sh_name, sh_type, sh_flags, sh_addr, sh_offset, sh_size
        name, _, _, _, offset, size = struct.unpack_from("<IIQQQQ", elf, shoff + index * shentsize)
        return name, offset, size

    _, strtab, _ = section(shstrndx)
    for i in range(shnum):
        name, offset, size = section(i)
        end = elf.index(b"\0", strtab + name)
        if elf[strtab + name:end] == b".modinfo":
            for entry in elf[offset:offset + size].split(b"\0"):
                if entry.startswith(b"depends="):
                    return [d for d in entry[8:].decode().split(",") if d]
            return []
    raise ValueError(f"{path}: no .modinfo section")


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: kmod-order.py MODULES_DIR NAME...")
    root = sys.argv[1]
    # Module names use '_' where file names may use '-' (virtio-gpu.ko is virtio_gpu).
    by_name = {}
    for dirpath, _, files in os.walk(os.path.join(root, "kernel")):
        for f in files:
            for suffix in (".ko", ".ko.xz"):
                if f.endswith(suffix):
                    by_name[f[: -len(suffix)].replace("-", "_")] = os.path.join(dirpath, f)
            if f.endswith((".ko.zst", ".ko.gz")):
                sys.exit(f"kmod-order.py: module {f}: only xz-compressed modules are read")
    builtin = set()
    if os.path.exists(os.path.join(root, "modules.builtin")):
        with open(os.path.join(root, "modules.builtin")) as f:
            builtin = {os.path.basename(line.strip())[:-3].replace("-", "_") for line in f if line.strip()}

    order, visiting = [], set()

    def visit(name):
        name = name.replace("-", "_")
        if name in order or (name in builtin and name not in by_name):
            return
        if name in visiting:
            sys.exit(f"kmod-order.py: dependency cycle at {name}")
        if name not in by_name:
            sys.exit(f"kmod-order.py: module {name} not found under {root}")
        visiting.add(name)
        for dep in modinfo_depends(by_name[name]):
            visit(dep)
        order.append(name)

    names = []
    for name in sys.argv[2:]:
        if name.endswith(".ko") and os.path.isfile(name):
            by_name[os.path.basename(name)[:-3].replace("-", "_")] = name
            name = os.path.basename(name)[:-3]
        names.append(name)
    for name in names:
        visit(name)
    for name in order:
        print(by_name[name])


if __name__ == "__main__":
    main()
