import Glibc
import SystemCalls
import Testing

@Suite struct SystemCallErrorTests {
    @Test func aDisplayLineNamesCallDeviceAndErrno() {
        let error = SystemCallError(
            call: "drmModeSetCrtc", errno: EINVAL, .display("/dev/dri/card0"), context: "1024x768@75.0")
        #expect(
            error.description == "drmModeSetCrtc on /dev/dri/card0 failed (1024x768@75.0): Invalid argument (EINVAL)")
    }

    @Test func aMasterFailureSaysWhatToCheck() {
        let error = SystemCallError(call: "drmSetMaster", errno: EACCES, .display("/dev/dri/card1"))
        #expect(error.description.hasPrefix("drmSetMaster on /dev/dri/card1 failed: Permission denied (EACCES); "))
        #expect(error.description.contains("another process is DRM master"))
        let busy = SystemCallError(
            call: "drmSetMaster", errno: EBUSY, .display("/dev/dri/card0"), context: "held open by 136 (modetest)")
        #expect(
            busy.description
                == "drmSetMaster on /dev/dri/card0 failed (held open by 136 (modetest)): Device or resource busy (EBUSY);"
                + " another process is DRM master (a compositor, modetest, a previous bannerd still exiting)")
        #expect(
            SystemCallError(call: "open", errno: EACCES, .display("/dev/dri/card0")).description.contains("video group")
        )
        #expect(!error.description.contains("\n"))
    }

    @Test func anUnknownErrnoShowsItsNumberAndNoErrnoShowsNothing() {
        #expect(SystemCallError(call: "x", errno: 0, .display("/p")).description == "x on /p failed")
        #expect(SystemCallError(call: "x", errno: EXDEV, .display("/p")).description.hasSuffix("(errno \(EXDEV))"))
    }

    @Test func aFileLineStartsWithThePathAndSaysWhatToCheck() {
        let missing = SystemCallError(call: "opendir", errno: ENOENT, .file("/srv/banners"))
        #expect(
            missing.description == "/srv/banners: opendir failed: No such file or directory (ENOENT); check the path")
        #expect(missing.reason == "opendir failed: No such file or directory (ENOENT); check the path")
        #expect(missing.message == "No such file or directory" && missing.isNotFound)
        #expect(
            SystemCallError(call: "open", errno: EACCES, .file("/f")).description.hasSuffix(
                "check the file's permissions for the bannerd user"))
    }

    @Test func aCheckOfOursCarriesNoErrno() {
        let tooBig = SystemCallError(call: "size", refused: "file is 1000 bytes, the limit is 999", .file("/a.png"))
        #expect(tooBig.errno == nil && !tooBig.isNotFound)
        #expect(tooBig.description == "/a.png: size failed: file is 1000 bytes, the limit is 999")
        #expect(tooBig.message == "file is 1000 bytes, the limit is 999")
        let shut = SystemCallError(call: "present", refused: "display is shut down", .display("/dev/dri/card0"))
        #expect(shut.description == "present on /dev/dri/card0 failed: display is shut down")
    }

    @Test func eachKindOfSubjectReadsAsItsOwnLine() {
        #expect(
            SystemCallError(call: "libinput_udev_assign_seat", errno: EACCES, .input("seat0")).description
                == "libinput_udev_assign_seat for seat0 failed: Permission denied (EACCES); the user needs the input group"
        )
        #expect(
            SystemCallError(call: "posix_spawn", errno: ENOENT, .program("/usr/bin/x")).description
                == "posix_spawn for /usr/bin/x failed: No such file or directory (ENOENT)")
        #expect(
            SystemCallError(call: "connect", errno: ECONNREFUSED, .socket("/run/bannerd.sock")).description
                == "/run/bannerd.sock: connect failed: Connection refused (errno \(ECONNREFUSED))")
        #expect(
            SystemCallError(call: "ioctl(KDGETMODE)", errno: ENOTTY, .terminal("/dev/tty1")).reason
                == "ioctl(KDGETMODE) failed: Inappropriate ioctl for device (errno \(ENOTTY))")
        #expect(SystemCallError(call: "dup", errno: EMFILE).description == "dup failed: Too many open files (errno 24)")
    }
}
