import Glibc
import Testing

@testable import KMSDisplay

@Suite struct DisplayErrorTests {
    @Test func descriptionNamesCallDeviceAndErrno() {
        let error = DisplayError(
            call: "drmModeSetCrtc", errno: EINVAL, path: "/dev/dri/card0", context: "1024x768@75.0")
        #expect(
            error.description == "drmModeSetCrtc on /dev/dri/card0 failed (1024x768@75.0): Invalid argument (EINVAL)")
    }

    @Test func masterFailureSaysWhatToCheck() {
        let error = DisplayError(call: "drmSetMaster", errno: EACCES, path: "/dev/dri/card1")
        #expect(error.description.hasPrefix("drmSetMaster on /dev/dri/card1 failed: Permission denied (EACCES); "))
        #expect(error.description.contains("another process is DRM master"))
        let busy = DisplayError(
            call: "drmSetMaster", errno: EBUSY, path: "/dev/dri/card0", context: "held open by 136 (modetest)")
        #expect(
            busy.description
                == "drmSetMaster on /dev/dri/card0 failed (held open by 136 (modetest)): Device or resource busy (EBUSY);"
                + " another process is DRM master (a compositor, modetest, a previous bannerd still exiting)")
        #expect(DisplayError(call: "open", errno: EACCES, path: "/dev/dri/card0").description.contains("video group"))
        #expect(!error.description.contains("\n"))
    }

    @Test func unknownErrnoAndNoErrno() {
        #expect(DisplayError(call: "x", errno: 0, path: "/p").description == "x on /p failed")
        #expect(DisplayError(call: "x", errno: EXDEV, path: "/p").description.hasSuffix("(errno \(EXDEV))"))
    }
}
