#if canImport(Glibc)
    import Glibc
#endif

/// Whether this test process runs under ThreadSanitizer: its runtime's entry point is linked into the process
/// (`swift build --sanitize=thread`). A test whose code runs on the calling thread alone and takes seconds leaves
/// itself out of that run, where it has no race to find and runs several times slower:
/// `.disabled(if: ThreadSanitizerRun.isActive, Comment(rawValue: ThreadSanitizerRun.oneThread))`.
/// Every other run of the unit tests runs it: Debian 13's Swift in `scripts/test` (which fails if a test is skipped
/// there), `scripts/test --quick`, `swift test`.
public enum ThreadSanitizerRun {
    public static let isActive = dlsym(nil, "__tsan_init") != nil
    /// Why such a test is left out, as the test run prints it.
    public static let oneThread = "one thread: run without ThreadSanitizer (Debian 13's Swift, --quick)"
}
