import TOMLDecoding

// A decoder for the TOML project's conformance suite (toml-test): TOML on stdin, the suite's tagged JSON on
// stdout; an invalid document prints its errors (`line:column: message`) on stderr and exits 1.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var input: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 65536)
while true {
    let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if n > 0 {
        input.append(contentsOf: chunk[0..<n])
    } else if n == 0 || errno != EINTR {
        break
    }
}
do throws(TOMLErrors) {
    let document = try input.withUnsafeBufferPointer { bytes in
        Result { () throws(TOMLErrors) in try TOMLParser.document(utf8: bytes) }
    }.get()
    print(TaggedJSON.table(document.root))
} catch {
    for e in error.errors {
        var standardError = StandardError()
        print(e, to: &standardError)
    }
    exit(1)
}
