#if canImport(Glibc)
    import Glibc
#endif

/// Whether this test process runs under ThreadSanitizer: its runtime's entry point is linked into the process
/// (`swift build --sanitize=thread`). A test whose code runs on the calling thread alone and takes seconds leaves
/// itself out of that run (`.disabled(if: ThreadSanitizerRun.isActive, ThreadSanitizerRun.oneThread)`): it has no
/// race to find there and runs 5 to 10 times slower. Every other run of the unit tests runs it: Debian 13's Swift in
/// `scripts/test`, `scripts/test --quick`, `swift test`.
public enum ThreadSanitizerRun {
    public static let isActive = dlsym(nil, "__tsan_init") != nil
    /// Why such a test is left out, as the test run prints it.
    public static let oneThread = "one thread: run without ThreadSanitizer (Debian 13's Swift, --quick)"
}
