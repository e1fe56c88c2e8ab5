/// bannerd's version: `bannerd --version`, the first log line of `bannerd run`, `ctl status`, and the Debian
/// package's version (scripts/build-deb asks the built binary). Its one place.
enum BannerdVersion {
    static let current = "0.1.0"
}
