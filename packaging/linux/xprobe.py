#!/usr/bin/env python3
"""Watch an X display from outside the app: start-up timing and screenshots.

Standard library plus the system's libX11 (through ctypes), so it runs
beside a frozen bundle with no Python packages installed. Used by
``smoke-test.sh`` and by ``tests/benchmarks/bench_startup.py``.

    xprobe.py window SHOT.png TIMEOUT_S -- COMMAND...
        run COMMAND; print the seconds from its start to its first top-level
        window being mapped (exposed); a second later ($XPROBE_SETTLE seconds)
        save the screen as SHOT.png, then end COMMAND. Exit status 1 if COMMAND exits or shows
        no window within TIMEOUT_S.

"Mapped" is the X server's MapNotify for the first top-level window that is
not override-redirect (menus and tooltips are): with no window manager on
Xvfb the server exposes a window the moment it is mapped, and Qt maps its
main window only from ``show()``, once the window is built.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import select
import struct
import subprocess
import sys
import time
import zlib

_MAP_NOTIFY = 19
_SUBSTRUCTURE_NOTIFY_MASK = 1 << 19
_Z_PIXMAP = 2
_ALL_PLANES = ctypes.c_ulong(0xFFFFFFFF)


class _XImage(ctypes.Structure):
    # the leading fields of Xlib's XImage (stable ABI since X11R6)
    _fields_ = [
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int),
        ("data", ctypes.POINTER(ctypes.c_ubyte)),
        ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int),
        ("bitmap_bit_order", ctypes.c_int),
        ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("bytes_per_line", ctypes.c_int),
        ("bits_per_pixel", ctypes.c_int),
    ]


def _xlib():
    name = ctypes.util.find_library("X11") or "libX11.so.6"
    lib = ctypes.CDLL(name)
    lib.XOpenDisplay.restype = ctypes.c_void_p
    lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    lib.XDefaultRootWindow.restype = ctypes.c_ulong
    lib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    lib.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
    lib.XConnectionNumber.argtypes = [ctypes.c_void_p]
    lib.XPending.argtypes = [ctypes.c_void_p]
    lib.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    lib.XFlush.argtypes = [ctypes.c_void_p]
    lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    lib.XDisplayWidth.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.XGetImage.restype = ctypes.POINTER(_XImage)
    lib.XGetImage.argtypes = [
        ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
        ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int,
    ]
    return lib


def _open(lib, name: str | None = None):
    display = lib.XOpenDisplay(name.encode() if name else None)
    if not display:
        raise SystemExit(f"xprobe: cannot open the X display {name or os.environ.get('DISPLAY')!r}")
    return display


def launch(timeout: float, command: list[str], **popen) -> tuple[float, subprocess.Popen]:
    """Run ``command``; return the seconds from its start until its first
    top-level window is mapped, and the still running process (the caller
    ends it). Raises ``RuntimeError`` if it exits or shows no window in time."""
    lib = _xlib()
    display = _open(lib, popen.get("env", os.environ).get("DISPLAY"))
    lib.XSelectInput(display, lib.XDefaultRootWindow(display), _SUBSTRUCTURE_NOTIFY_MASK)
    lib.XFlush(display)
    fd = lib.XConnectionNumber(display)
    event = ctypes.create_string_buffer(192)  # sizeof(XEvent) on 64-bit
    start = time.perf_counter()
    proc = subprocess.Popen(command, **popen)
    try:
        deadline = start + timeout
        while True:
            while lib.XPending(display):
                lib.XNextEvent(display, event)
                kind = struct.unpack_from("i", event.raw, 0)[0]
                override_redirect = struct.unpack_from("i", event.raw, 48)[0]
                if kind == _MAP_NOTIFY and not override_redirect:
                    return time.perf_counter() - start, proc
            left = deadline - time.perf_counter()
            if left <= 0 or proc.poll() is not None:
                proc.kill()
                why = f"exited with status {proc.returncode}" if proc.returncode else f"showed no window in {timeout:g} s"
                raise RuntimeError(f"{command[0]} {why}")
            select.select([fd], [], [], min(left, 0.05))
    finally:
        lib.XCloseDisplay(display)


def screenshot(path: str) -> tuple[int, int]:
    """Save the root window as an RGB PNG; returns (width, height)."""
    lib = _xlib()
    display = _open(lib)
    try:
        width, height = lib.XDisplayWidth(display, 0), lib.XDisplayHeight(display, 0)
        image = lib.XGetImage(display, lib.XDefaultRootWindow(display), 0, 0, width, height, _ALL_PLANES, _Z_PIXMAP)
        if not image:
            raise SystemExit("xprobe: XGetImage failed")
        img = image.contents
        if img.bits_per_pixel != 32:
            raise SystemExit(f"xprobe: {img.bits_per_pixel}-bit screens are not supported (run Xvfb at 24-bit depth)")
        raw = ctypes.string_at(img.data, img.bytes_per_line * height)
        rows = []
        for y in range(height):
            line = raw[y * img.bytes_per_line : y * img.bytes_per_line + width * 4]
            rgb = bytearray(width * 3)  # BGRX (little-endian TrueColor) -> RGB
            rgb[0::3], rgb[1::3], rgb[2::3] = line[2::4], line[1::4], line[0::4]
            rows.append(b"\0" + bytes(rgb))
    finally:
        lib.XCloseDisplay(display)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(b"".join(rows), 6)) + chunk(b"IEND", b"")
    with open(path, "wb") as fh:
        fh.write(png)
    return width, height


def main(argv: list[str]) -> int:
    if len(argv) < 5 or argv[0] != "window" or argv[3] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    try:
        seconds, proc = launch(float(argv[2]), argv[4:])
    except RuntimeError as exc:
        print(f"xprobe: {exc}", file=sys.stderr)
        return 1
    try:
        print(f"window shown after {seconds:.3f} s")
        time.sleep(float(os.environ.get("XPROBE_SETTLE", "1")))  # let it paint its pages
        if proc.poll() is not None:
            print(f"xprobe: {argv[4]} exited with status {proc.returncode} after showing its window", file=sys.stderr)
            return 1
        width, height = screenshot(argv[1])
        print(f"screenshot {argv[1]} ({width}x{height})")
        return 0
    finally:
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
