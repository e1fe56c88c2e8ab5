/// File-name order as people expect it: runs of digits compare by value (`2.jpg` < `10.jpg`), letters
/// case-insensitively, with the plain byte order breaking ties so the order is total and stable.
public enum NaturalOrder {
    /// True when `a` sorts before `b`.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let x = chunks(a)
        let y = chunks(b)
        for (p, q) in zip(x, y) where p != q {
            switch (p, q) {
            case (.number(let m, _), .number(let n, _)) where m != n: return m < n
            case (.number(_, let s), .number(_, let t)):
                // Same value: fewer leading zeros first.
                return s.count != t.count ? s.count < t.count : s < t
            case (.number, .text): return true
            case (.text, .number): return false
            case (.text(let s), .text(let t)):
                let ls = s.lowercased()
                let lt = t.lowercased()
                return ls != lt ? ls < lt : s < t
            }
        }
        return x.count != y.count ? x.count < y.count : a < b
    }

    private enum Chunk: Equatable {
        case text(String)
        case number(Double, String)
    }

    private static func chunks(_ s: String) -> [Chunk] {
        var out: [Chunk] = []
        var current = ""
        var digits = false
        func flush() {
            guard !current.isEmpty else { return }
            out.append(digits ? .number(Double(current) ?? 0, current) : .text(current))
            current = ""
        }
        for c in s {
            let isDigit = c.isASCII && c.isNumber
            if isDigit != digits {
                flush()
                digits = isDigit
            }
            current.append(c)
        }
        flush()
        return out
    }
}
