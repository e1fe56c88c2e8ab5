/// What the C shims with code (CPNGRows, CJPEGRows) have in common: a reader that must be freed, and calls that
/// return 0 after an error whose text the reader keeps.
struct ShimReader: Sendable {
    /// The C call that makes the library's state, named when a reader cannot be made (out of memory).
    let create: String
    let destroy: @Sendable (OpaquePointer) -> Void
    let message: @Sendable (OpaquePointer) -> String

    /// Runs `body` with `reader`, then frees it.
    func with<T>(_ reader: OpaquePointer?, path: String, _ body: (OpaquePointer) throws(ImageError) -> T)
        throws(ImageError) -> T
    {
        guard let reader else { throw ImageError(.corrupt, call: create, message: "out of memory", path: path) }
        defer { destroy(reader) }
        return try body(reader)
    }

    /// Throws the reader's last error as `call`'s when `ok` is 0.
    func check(_ ok: Int32, _ call: String, _ reader: OpaquePointer, path: String) throws(ImageError) {
        guard ok == 0 else { return }
        throw ImageError(.corrupt, call: call, message: message(reader), path: path)
    }
}
